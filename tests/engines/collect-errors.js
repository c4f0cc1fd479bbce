// Installed in each page by webkit.py once the page has loaded (WebKitWebDriver
// reports no console messages): keeps script errors, unhandled rejections and
// console.error calls in window.smokeErrors for the driver to read.
if (!window.smokeErrors) {
  window.smokeErrors = [];
  addEventListener("error", (e) => smokeErrors.push(`error: ${e.message}`));
  addEventListener("unhandledrejection", (e) =>
    smokeErrors.push(`rejection: ${(e.reason && e.reason.message) || e.reason}`));
  const original = console.error;
  console.error = (...args) => {
    smokeErrors.push(args.map(String).join(" "));
    original.apply(console, args);
  };
}
