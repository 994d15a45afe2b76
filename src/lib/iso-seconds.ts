/** A timestamp as the seeds show it: ISO 8601 in UTC, to the second (`2025-01-31T12:00:00Z`). */
export const isoSeconds = (d = new Date()) => d.toISOString().replace(/\.\d{3}Z$/, 'Z')
