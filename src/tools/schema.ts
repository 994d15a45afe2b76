/** Small schema helpers for tool files, so that enums come out as `{type: "string", enum: […]}`. */
import { Type, type TSchema, type TUnsafe } from 'typebox'

export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: Record<string, unknown> = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options })
}

/** A date-time string, as the seeds' `"format": "date-time"` fields. */
export function DateTime(options: Record<string, unknown> = {}): TSchema {
  return Type.String({ format: 'date-time', ...options })
}
