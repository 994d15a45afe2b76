/**
 * A single-producer, single-consumer ring of history rows in shared memory: the thread that
 * answers calls writes each row's UTF-8 bytes and moves one index; the history writer's thread reads
 * everything written since it last looked. No message, timer or copy of a joined string per
 * hand-over on the answering thread: that cost sat between calls.
 *
 * Rows are lines of COPY text, so they never hold a raw NUL or newline byte: a newline ends each
 * row, and a NUL marks where the producer wrapped round to the start.
 */

const HEAD = 0 // next byte the producer writes; stored by the producer only
const TAIL = 1 // next byte the consumer reads; stored by the consumer only
const CONTROL_BYTES = 8
const NEWLINE = 0x0a
const WRAPPED = 0x00

/** Makes the shared memory for a ring of `bytes` bytes of rows. */
export function ringMemory(bytes: number): SharedArrayBuffer {
  return new SharedArrayBuffer(CONTROL_BYTES + bytes)
}

class Ring {
  protected readonly control: Int32Array
  protected readonly data: Buffer
  protected readonly capacity: number

  constructor(memory: SharedArrayBuffer) {
    this.control = new Int32Array(memory, 0, 2)
    this.data = Buffer.from(memory, CONTROL_BYTES)
    this.capacity = this.data.length
  }
}

/** The answering thread's side. */
export class RingWriter extends Ring {
  /**
   * Appends one row (with no newline in it). False when the ring has no room for it: the writer's
   * thread is behind, and the caller hands the row over another way.
   */
  push(row: string): boolean {
    const { control, data, capacity } = this
    // Enough for any UTF-16 text in UTF-8 (3 bytes a code unit at most), and the newline.
    const need = row.length * 3 + 1
    let head = control[HEAD]
    const tail = Atomics.load(control, TAIL)
    // The producer never writes up to the tail from behind, so head === tail always means empty. A
    // row that fits neither before the end nor before the tail is refused, even into an empty ring
    // (rows over a third of the ring always go another way).
    if (head >= tail) {
      if (capacity - head < need) {
        if (need >= tail) return false
        if (head < capacity) data[head] = WRAPPED
        head = 0
      }
    } else if (tail - head <= need) {
      return false
    }
    const written = data.write(row, head, 'utf8')
    data[head + written] = NEWLINE
    // Stored last: the reader sees the bytes before the index that covers them.
    Atomics.store(control, HEAD, head + written + 1)
    return true
  }
}

/** The history writer's side. */
export class RingReader extends Ring {
  /** Every row written since the last call, newline-separated (with a trailing newline); '' if none. */
  take(): string {
    const { control, data, capacity } = this
    const head = Atomics.load(control, HEAD)
    let tail = control[TAIL]
    if (head === tail) return ''
    let text = ''
    if (head < tail) {
      // The producer wrapped: the rows up to its marker (or the very end), then from the start.
      const mark = tail < capacity ? data.indexOf(WRAPPED, tail) : -1
      text = data.toString('utf8', tail, mark === -1 ? capacity : mark)
      tail = 0
    }
    text += data.toString('utf8', tail, head)
    Atomics.store(control, TAIL, head)
    return text
  }

  /** The rows as a list (the newline-separated text of `take`, split). */
  takeRows(): string[] {
    const text = this.take()
    if (!text) return []
    const rows = text.split('\n')
    rows.pop()
    return rows
  }
}
