/** Small schema helpers for tool files, so that enums come out as `{type: "string", enum: […]}`. */
import { Type, type TSchema, type TUnsafe } from 'typebox'

export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options })
}

/** A date-time string, as the seeds' `"format": "date-time"` fields. */
export function DateTime(options: Record<string, unknown> = {}): TSchema {
  return Type.String({ format: 'date-time', ...options })
}

/**
 * ToolResult of seeds 002 and 003: `{success, output, error, metadata}`. `metadata` lists the
 * fields a tool's seed names (returncode, bytes_read, entries…); more may appear (truncated).
 */
export function ToolResult(metadata: Record<string, TSchema> = {}): TSchema {
  return Type.Object({
    success: Type.Boolean({ description: 'Whether the operation succeeded' }),
    output: Type.String({ description: 'Human-readable output' }),
    error: Type.Union([Type.String(), Type.Null()], { description: 'Error message when success is false' }),
    metadata: Type.Object(Object.fromEntries(Object.entries(metadata).map(([k, v]) => [k, Type.Optional(v)])), {
      description: 'Structured facts about the call',
    }),
  })
}
