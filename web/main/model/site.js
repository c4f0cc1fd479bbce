// Where this copy of the app is served (its root, "https://host/tripeaks/"), found
// from this module's own address, so that it holds whether the page's modules run as
// files (this one at main/model/site.js) or bundled into main/main.js, as build.py
// ships them: either way, main/ is a folder at the root.

const here = import.meta.url;

/** The site's root, ending in "/". */
export const SITE_ROOT = here.slice(0, here.lastIndexOf("/main/") + 1);
