export { createRedactor, normaliseFieldName, REDACTED, type Redactor, type RedactorOptions } from './redactor.js'
export { SECRET_PATTERNS, SECRET_KINDS, type SecretPattern } from './patterns.js'
