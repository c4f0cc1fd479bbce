// The app's smoke run in Firefox: Debian's Firefox ESR, driven by Puppeteer
// over WebDriver BiDi (puppeteer-core from npm: it never downloads a browser).
//
//   node tests/engines/firefox.mjs SITE NEWER [--bench N] [--out results.json]
//
// The same checks as webkit.py, against the same server (serve.py, a child
// process). Console errors and page errors, the worker's included, come from
// the browser itself. Exit status 1 if a check failed, 2 if Firefox could not start.

import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const MODULES = resolve(process.env.ENGINES_NODE_MODULES || join(HERE, "..", "..", ".cache", "engines-npm", "node_modules"));
const FIREFOX = process.env.FIREFOX_PATH || "/usr/bin/firefox-esr";
const PYTHON = process.env.PYTHON || "python3";
const BOOT_TIMEOUT = 180_000; // ms: a cold boot on a loaded 2-core CI machine
const PROBE = readFileSync(join(HERE, "probe.js"), "utf8");
const PAGE_STATE = readFileSync(join(HERE, "..", "page-state.js"), "utf8");

const args = process.argv.slice(2);
const option = (name) => { const i = args.indexOf(name); return i < 0 ? null : args.splice(i, 2)[1]; };
const benchRuns = Number(option("--bench") || 0);
const outFile = option("--out");
const [site, newer] = args.map((p) => resolve(p));
if (!site || !newer) { console.error("usage: firefox.mjs SITE NEWER [--bench N] [--out FILE]"); process.exit(2); }

let puppeteer;
try {
  puppeteer = createRequire(join(MODULES, "x.js"))("puppeteer-core");
} catch (error) {
  console.log(`FAIL firefox: puppeteer-core is not installed in ${MODULES} (tests/engines/run installs it): ${error.message}`);
  process.exit(2);
}

/** serve.py as a child: the site on 127.0.0.1, each path it served, swap and stop on request. */
function serve() {
  const child = spawn(PYTHON, [join(HERE, "serve.py"), site, newer], { stdio: ["pipe", "pipe", "inherit"] });
  const server = { child, paths: [], waiting: new Map() };
  const lines = createInterface({ input: child.stdout });
  let origin;
  const started = new Promise((ok) => { origin = ok; });
  lines.on("line", (line) => {
    const [word, ...rest] = line.split(" ");
    if (word === "path") server.paths.push(rest.join(" "));
    else if (word === "origin") origin(rest.join(" "));
    const done = server.waiting.get(word);
    if (done) { server.waiting.delete(word); done(); }
  });
  server.url = started;
  server.send = (command, reply) => new Promise((ok) => {
    server.waiting.set(reply, ok);
    child.stdin.write(command + "\n");
  });
  server.close = () => { child.stdin.end(); };
  return server;
}

async function startBrowser() {
  try {
    return await puppeteer.launch({
      browser: "firefox",
      executablePath: FIREFOX,
      headless: true,
      protocolTimeout: BOOT_TIMEOUT,
      extraPrefsFirefox: {
        // Every host but 127.0.0.1 goes to a proxy that is not there: nothing leaves.
        "network.proxy.type": 1,
        "network.proxy.http": "127.0.0.1",
        "network.proxy.http_port": 9,
        "network.proxy.ssl": "127.0.0.1",
        "network.proxy.ssl_port": 9,
        "network.proxy.no_proxies_on": "127.0.0.1",
        "network.proxy.allow_hijacking_localhost": false,
      },
    });
  } catch (error) {
    console.log(`FAIL firefox: the browser could not start (${FIREFOX}): ${error.message}`);
    process.exit(2);
  }
}

const board = () => ({
  slots: [...document.querySelectorAll("[data-slot]")].map((el) =>
    el.hasAttribute("data-removed") ? "" : (el.dataset.card || null)),
  stock: Number(document.querySelector("[data-testid=stock]").dataset.count),
  waste: document.querySelector("[data-testid=waste]").dataset.card || null,
});
const readyMs = () => {
  const mark = performance.getEntriesByName("tripeaks:engine-ready")[0];
  return mark ? Math.round(mark.startTime) : null;
};
// Whether the app keeps the engine's memory snapshot: an expression for page.evaluate.
const SNAPSHOT_KEPT = `(${readFileSync(join(HERE, "..", "snapshot-kept.js"), "utf8")})()`;
/** Until an async check holds, asked every 200 ms (waitForFunction takes its promise for a
 * truthy value and returns at once). */
async function until(page, check, timeout) {
  const end = Date.now() + timeout;
  while (!(await page.evaluate(check))) {
    if (Date.now() > end) throw new Error(`not so in ${timeout} ms: ${(check.name || String(check)).slice(0, 200)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
const reported = () => [
  ...[...document.querySelectorAll(".notice.error p")].map((p) => `notice: ${p.textContent}`),
  ...(document.documentElement.dataset.engine === "failed" ? ["the engine failed to start"] : []),
];

class Run {
  constructor(page) {
    this.page = page;
    this.passed = 0;
    this.failed = 0;
    this.errors = [];
    this.requests = [];
    this.results = { engine: "Firefox", checks: {} };
    page.on("console", (m) => m.type() === "error" && this.errors.push(`console: ${m.text()}`));
    page.on("pageerror", (e) => this.errors.push(`pageerror: ${e.message || e}`));
    page.on("request", (r) => this.requests.push(r.url()));
  }

  check(name, ok, detail = "") {
    this.results.checks[name] = Boolean(ok);
    if (ok) { this.passed += 1; console.log(`ok   firefox: ${name}`); }
    else { this.failed += 1; console.log(`FAIL firefox: ${name}: ${JSON.stringify(detail)}`); }
  }

  async waitReady() {
    try {
      await this.page.waitForFunction(() => ["ready", "failed"].includes(document.documentElement.dataset.engine),
        { timeout: BOOT_TIMEOUT, polling: 100 });
    } catch {
      const state = await this.page.evaluate(() => [document.documentElement.dataset.engine, document.querySelector(".boot-text")?.textContent]);
      throw new Error(`the engine never got ready: ${JSON.stringify(state)}`);
    }
    const failed = await this.page.evaluate(reported);
    if (failed.length && (await this.page.evaluate(() => document.documentElement.dataset.engine)) === "failed") {
      throw new Error(`the engine failed: ${failed}`);
    }
    return this.page.evaluate(readyMs);
  }

  async keepErrors() { this.errors.push(...(await this.page.evaluate(reported))); }

  async reload() {
    await this.keepErrors();
    await this.page.reload({ waitUntil: "domcontentloaded", timeout: BOOT_TIMEOUT });
    return this.waitReady();
  }

  async tap(selector) {
    const before = await this.page.$eval("[data-testid=waste]", (el) => el.dataset.card);
    await this.page.click(selector);
    await this.page.waitForFunction((b) => document.querySelector("[data-testid=waste]").dataset.card !== b,
      { timeout: 30_000, polling: 50 }, before);
  }

  board() { return this.page.evaluate(board); }
  build() { return this.page.evaluate(() => tripeaks.engine.info.build); }
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

async function smoke() {
  const server = serve();
  const url = await server.url;
  const origin = new URL(url).origin;
  const browser = await startBrowser();
  const page = await browser.newPage();
  const run = new Run(page);
  try {
    run.results.version = await browser.version();
    await page.setViewport({ width: 390, height: 844 });
    await page.goto(url, { waitUntil: "domcontentloaded", timeout: BOOT_TIMEOUT });
    run.results.cold_ms = await run.waitReady();
    run.check("boots to ready", true);

    // Draw until a peak card fits the waste (most deals allow one at once), then play it.
    let playable = 0;
    while (!playable && (await run.board()).stock > 1) {
      playable = await page.$$eval("[data-slot][data-playable]", (els) => els.length);
      if (!playable) await run.tap("[data-testid=stock]");
    }
    if (playable) await run.tap("[data-slot][data-playable]");
    const played = await run.board();
    run.check("plays a card", playable && played.slots.filter((s) => s === "").length === 1, played);
    await run.tap("[data-testid=stock]");
    const drawn = await run.board();
    run.check("draws from the stock", drawn.stock === played.stock - 1, drawn);

    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: BOOT_TIMEOUT });
    await until(page, SNAPSHOT_KEPT, 60_000);
    run.results.warm_ms = await run.reload();
    run.check("a reload finds the same game", same(await run.board(), drawn), await run.board());
    const probes = run.results.probes = await page.evaluate(PROBE);
    run.check("the reload boots from the memory snapshot", probes.memorySnapshot === "used", probes.memorySnapshot);
    run.check("Web Locks work (or are absent: storage runs without)", ["granted", "absent"].includes(probes.webLocks), probes.webLocks);
    run.check("DecompressionStream decodes gzip", probes.decompressionStream && probes.decompressionStream.gzip === true, probes.decompressionStream);
    run.check("saves go to localStorage", probes.appStorage === "localStorage", probes.appStorage);
    const pictures = Object.values(probes.courtPictures || {});
    run.check("the court figures' pictures load", pictures.length === 6 && pictures.every(Boolean), probes.courtPictures);

    // Another language, for this visit only: German, the same game.
    const german = JSON.parse(readFileSync(join(site, "locales", "de.json"), "utf8")).messages;
    await page.goto(`${url}?lang=de`, { waitUntil: "domcontentloaded", timeout: BOOT_TIMEOUT });
    await run.waitReady();
    const lang = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
    run.check("?lang=de speaks German", same(lang, ["de", "ltr"]), lang);
    const label = await page.evaluate(() => document.querySelector(".actions [data-action=new] .label").textContent);
    run.check("the toolbar speaks German", label === german["toolbar-new"], label);
    run.check("the same game in German", same(await run.board(), drawn), await run.board());
    await page.goto(url, { waitUntil: "domcontentloaded", timeout: BOOT_TIMEOUT });
    await run.waitReady();

    const oldBuild = await run.build();
    await server.send("swap", "swapped");
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await page.waitForSelector("[data-notice=update]", { timeout: BOOT_TIMEOUT }).catch(async (error) => {
      const states = await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) =>
        ["installing", "waiting", "active"].map((k) => `${k}: ${r[k] ? r[k].state : "none"}`).join(", ")));
      throw new Error(`the update was never offered (${states}): ${error.message}`);
    });
    await run.keepErrors();
    await page.click("[data-notice-action=update]");
    await page.waitForFunction((old) => {
      try { return tripeaks.engine.info.build !== old && document.documentElement.dataset.engine === "ready"; } catch { return false; }
    }, { timeout: BOOT_TIMEOUT, polling: 200 }, oldBuild).catch(async (error) => {
      const state = await page.evaluate(PAGE_STATE).catch((why) => `unreadable: ${why}`);
      throw new Error(`the new version never got ready (${JSON.stringify(state)}): ${error.message}`);
    });
    await run.waitReady();
    run.check("a new version installs and keeps the game", same(await run.board(), drawn), await run.board());

    await until(page, SNAPSHOT_KEPT, 60_000);
    await server.send("stop", "stopped"); // offline: nothing can come from the server now
    await run.reload();
    run.check("offline, a reload finds the same game", same(await run.board(), drawn), await run.board());

    // A finger, not a mouse: the tap reaches the app as a touch pointer and draws.
    await page.evaluate(() => addEventListener("pointerdown", (e) => { window.smokePointer = e.pointerType; }, { once: true, capture: true }));
    const stock = await (await page.$("[data-testid=stock]")).boundingBox();
    const beforeTouch = (await run.board()).waste;
    await page.touchscreen.tap(stock.x + stock.width / 2, stock.y + stock.height / 2);
    const touched = await page.waitForFunction((b) => document.querySelector("[data-testid=waste]").dataset.card !== b,
      { timeout: 30_000, polling: 50 }, beforeTouch).then(() => true, () => false);
    const pointer = await page.evaluate(() => window.smokePointer);
    run.check("offline, a touch tap on the stock draws", touched && pointer === "touch", { touched, pointer });

    await run.keepErrors();
    run.check("no script error, console error or error notice", run.errors.length === 0, run.errors);
    const foreign = run.requests.filter((u) => !u.startsWith(origin) && !u.startsWith("data:") && !u.startsWith("blob:"));
    run.check("no request to another origin", foreign.length === 0, foreign);
    const odd = server.paths.filter((p) => !existsIn(p.split(/[?#]/)[0].replace(/^\//, "")));
    run.check("the server saw only the site's own files", odd.length === 0, odd);
  } catch (error) {
    run.check("the smoke run finished", false, `${error.name}: ${error.message}`);
  } finally {
    await browser.close();
    server.close();
  }
  return run;
}

function existsIn(path) {
  if (!path) return true;
  for (const root of [site, newer]) {
    try { readFileSync(join(root, path)); return true; } catch { /* not in this build */ }
  }
  return false;
}

async function bench(repeats) {
  const cold = [], warm = [];
  for (let i = 0; i < repeats; i += 1) {
    const server = serve();
    const url = await server.url;
    const browser = await startBrowser();
    try {
      const page = await browser.newPage();
      const run = new Run(page);
      await page.goto(url, { waitUntil: "domcontentloaded", timeout: BOOT_TIMEOUT });
      cold.push(await run.waitReady());
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: BOOT_TIMEOUT });
      await until(page, SNAPSHOT_KEPT, 60_000);
      warm.push(await run.reload());
    } finally {
      await browser.close();
      server.close();
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { cold_ms: cold, warm_ms: warm, cold_median_ms: median(cold), warm_median_ms: median(warm) };
}

const run = await smoke();
if (benchRuns) {
  run.results.bench = await bench(benchRuns);
  console.log("firefox boot times:", JSON.stringify(run.results.bench));
}
if (outFile) writeFileSync(outFile, JSON.stringify(run.results, null, 1));
console.log(`firefox: ${run.passed} passed, ${run.failed} failed`);
process.exit(run.failed ? 1 : 0);
