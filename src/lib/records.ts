/**
 * The records of a large text, one at a time: `split` would build them all in one block of the
 * event loop (64 MB of git output split and parsed whole held it ~0.7 s), so callers can yield
 * between slices of them instead.
 */

/** The non-empty records of `text` between `sep`s, without splitting it whole. */
export function* records(text: string, sep: string): Generator<string, void, undefined> {
  for (let start = 0, end = 0; start < text.length; start = end + sep.length) {
    end = text.indexOf(sep, start)
    if (end === -1) end = text.length
    if (end > start) yield text.slice(start, end)
  }
}
