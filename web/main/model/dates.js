// Dates as the saves and the daily deals name them.

/** A day as YYYY-MM-DD, in the player's own time zone. */
export function isoDate(d) {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}
