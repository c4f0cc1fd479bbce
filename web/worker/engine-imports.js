// What the engine worker runs in Python before its memory snapshot: every module
// the bridge may load is imported here, since the wheel is installed into
// Pyodide's in-memory file system, which a memory snapshot does not keep (a
// module first imported after a restore is not found). The solver's
// deal-independent lattice (0.3 s) is built here too, so no first hint or
// winnable deal pays for it. gc.freeze() then moves everything imported so far
// out of the cyclic collector's reach: a full collection would otherwise walk
// it all again in the middle of some tap.
// Its own module so the Pyodide test stage (tests/pyodide/run_tests.mjs) boots
// the engine with the very code the site serves.
export const IMPORTS = "import gc, tripeaks.bridge, tripeaks.game, tripeaks.deals, tripeaks.notation, "
  + "tripeaks.scoring, tripeaks.lattice, tripeaks.solver, tripeaks.ai, tripeaks.par, "
  + "tripeaks.analysis, tripeaks.dealer, tripeaks.request, tripeaks.rating, tripeaks.replay_link, "
  + "tripeaks.race; "
  + "tripeaks.lattice.lattice(); gc.collect(); gc.freeze()";
