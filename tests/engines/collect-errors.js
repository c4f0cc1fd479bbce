// Installed in each page by webkit.py once the page has loaded (WebKitWebDriver
// reports no console messages): keeps console.error calls in window.smokeErrors
// for the driver to read, and script errors and unhandled rejections too where
// the page does not keep them itself (boot.js keeps them in tripeaksErrors from
// the first moment).
if (!window.smokeErrors) {
  window.smokeErrors = [];
  if (!window.tripeaksErrors) {
    addEventListener("error", (e) => smokeErrors.push(`error: ${e.message}`));
    addEventListener("unhandledrejection", (e) =>
      smokeErrors.push(`rejection: ${(e.reason && e.reason.message) || e.reason}`));
  }
  const original = console.error;
  console.error = (...args) => {
    smokeErrors.push(args.map(String).join(" "));
    original.apply(console, args);
  };
}
