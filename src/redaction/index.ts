export { createRedactor, normaliseFieldName, REDACTED, type Redactor, type RedactorOptions } from './redactor.js'
export { SECRET_PATTERNS, SECRET_KINDS, type SecretPattern } from './patterns.js'
export { bound, cutString, LOG_BOUNDS, RECORD_BOUNDS, RESULT_BOUNDS, HELD_RESULT_BOUNDS, NAME_MAX_KEPT, type Bounds } from './bound.js'
