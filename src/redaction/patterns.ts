/**
 * The secret catalogue: what a secret looks like inside free text, in the spirit of gitleaks.
 *
 * Conventions every pattern follows, because the redactor relies on them:
 * - `regex` is global and compiled once here; `String.replace` resets `lastIndex`, so sharing is safe.
 * - A named group `pre` is kept verbatim and everything after it in the match becomes the marker,
 *   so `password=hunter2` turns into `password=[REDACTED:generic_secret]`. Context that must
 *   survive after the secret is matched with a lookahead, never consumed.
 * - `keywords` (lowercase) gate the pattern: it only runs when the lowercased text contains one,
 *   which keeps the common case (no secret at all) to one `toLowerCase` and a few `includes`.
 * - Patterns that start with a character class are anchored with a lookbehind so a long run of
 *   word characters is tried from its first character only (no quadratic backtracking on blobs).
 * - Order matters: specific kinds run before generic ones, and later patterns refuse to match a
 *   `[REDACTED` marker left by earlier ones.
 */

export interface SecretPattern {
  /** Appears in the marker: `[REDACTED:<kind>]`. */
  kind: string
  regex: RegExp
  /** Lowercase substrings, one of which any match must contain; empty means always run. */
  keywords: readonly string[]
  /** Second opinion on the redacted part, for shapes a regex cannot judge alone. */
  validate?: (secret: string) => boolean
  /** Not global: a cheaper regex that every match of `regex` also matches; the pattern runs only where it does. */
  gate?: RegExp
}

/** Base64 that decodes to `user:password`, so prose like "Basic concepts" is left alone. */
const isBasicCredential = (b64: string): boolean => /^[^:\x00-\x1f\x7f\ufffd]+:[^\x00-\x1f\x7f\ufffd]*$/.test(Buffer.from(b64, 'base64').toString('utf8'))

/** Real bearer tokens carry digits or are long; "bearer instruments" is neither. */
const looksLikeToken = (s: string): boolean => /\d/.test(s) || s.length >= 20

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    // First, so key material is removed whole before any token pattern nibbles at its base64.
    // The second branch covers a block cut off before its END line (truncated output, log limits):
    // it takes PEM headers and base64 lines, then stops at the first thing that is neither.
    // The body never runs past another BEGIN, so a flood of headers without END stays linear.
    kind: 'private_key',
    regex:
      /-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:(?:(?!-----BEGIN)[\s\S])*?-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|(?:(?:\s|\\[rn])+(?:[A-Za-z0-9+/=]{16,}|(?:Proc-Type|DEK-Info|Version|Comment):[^\r\n]*))*)/g,
    keywords: ['private key'],
  },
  {
    // AWS access key ids: long-term (AKIA), STS temporary (ASIA), and the rarer ABIA/ACCA.
    kind: 'aws_access_key',
    regex: /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])/g,
    keywords: ['akia', 'asia', 'abia', 'acca'],
  },
  {
    // A bare 40-char base64 string is far too common to call a secret; only trust it next to its name
    // (env files, ~/.aws/credentials, JSON credential dumps with `SecretAccessKey`).
    kind: 'aws_secret_access_key',
    regex: /(?<pre>(?<![A-Za-z0-9])(?:aws[_-]?)?secret[_-]?access[_-]?key\\?["']?[ \t]*[:=][ \t]*\\?["']?)(?<secret>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi,
    keywords: ['secret'],
  },
  {
    // Classic PAT (ghp_), OAuth (gho_), user-to-server (ghu_), server-to-server (ghs_), refresh (ghr_).
    kind: 'github_token',
    regex: /(?<![A-Za-z0-9])gh[pousr]_[A-Za-z0-9]{36,255}/g,
    keywords: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'],
  },
  {
    kind: 'github_fine_grained_pat',
    regex: /(?<![A-Za-z0-9])github_pat_[A-Za-z0-9_]{22,255}/g,
    keywords: ['github_pat_'],
  },
  {
    // Must run before openai_api_key, which would otherwise claim `sk-ant-…` as its own.
    kind: 'anthropic_api_key',
    regex: /(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{20,}/g,
    keywords: ['sk-ant-'],
  },
  {
    // Legacy `sk-…`, project `sk-proj-…` and service-account keys. Requiring a digit somewhere in the
    // token keeps hyphenated prose ("sk-this-is-just-some-words") out; random keys always have one.
    kind: 'openai_api_key',
    regex: /(?<![A-Za-z0-9_-])sk-(?=[A-Za-z0-9_-]*[0-9])[A-Za-z0-9_-]{20,}/g,
    keywords: ['sk-'],
  },
  {
    // The path is the credential (anyone holding the URL can post), so the whole URL goes.
    kind: 'slack_webhook',
    regex: /(?:https?:\/\/)?hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+/_-]{20,}/g,
    keywords: ['hooks.slack.com'],
  },
  {
    // Bot (xoxb), user (xoxp), app (xoxa), refresh (xoxr), legacy (xoxo/xoxs), app-level (xapp).
    kind: 'slack_token',
    regex: /(?<![A-Za-z0-9])(?:xox[abposr]|xapp)-[A-Za-z0-9-]{10,}/g,
    keywords: ['xox', 'xapp-'],
  },
  {
    kind: 'google_api_key',
    regex: /(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}/g,
    keywords: ['aiza'],
  },
  {
    kind: 'google_oauth_client_secret',
    regex: /(?<![A-Za-z0-9_-])GOCSPX-[A-Za-z0-9_-]{28}/g,
    keywords: ['gocspx-'],
  },
  {
    // Secret (sk_), restricted (rk_) and publishable (pk_) keys; pk_ is public by design but still
    // identifies the account, and nobody needs it in a log.
    kind: 'stripe_key',
    regex: /(?<![A-Za-z0-9])(?:sk|rk|pk)_(?:live|test)_[0-9a-zA-Z]{16,}/g,
    keywords: ['_live_', '_test_'],
  },
  {
    // Header and payload are base64url JSON, so both start with `eyJ` (`{"`). An empty signature
    // (alg "none") still carries the claims, so it is redacted too.
    kind: 'jwt',
    regex: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g,
    keywords: ['eyj'],
  },
  {
    kind: 'gitlab_token',
    regex: /(?<![A-Za-z0-9])glpat-[A-Za-z0-9_-]{20,}/g,
    keywords: ['glpat-'],
  },
  {
    kind: 'npm_token',
    regex: /(?<![A-Za-z0-9])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/g,
    keywords: ['npm_'],
  },
  {
    // Our own keys: `tg_` + base64url(32 bytes). Random base64url always holds an upper-case letter or
    // a digit, which snake_case identifiers such as `tg_enable_every_feature_flag_now` do not.
    kind: 'toolgate_api_key',
    regex: /(?<![A-Za-z0-9_-])tg_(?=[A-Za-z0-9_-]*[A-Z0-9])[A-Za-z0-9_-]{32,}/g,
    keywords: ['tg_'],
  },
  {
    // `scheme://user:password@host`: only the password goes; who connected where stays useful.
    // Greedy up to the last `@` of the authority, as URL parsers do with an unescaped `@`.
    kind: 'url_password',
    regex: /(?<pre>(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s:/?#@'"]*:)(?!\[REDACTED)(?<secret>[^\s/?#'"]+)(?=@)/g,
    keywords: ['://'],
  },
  {
    kind: 'bearer_token',
    regex: /(?<pre>(?<![A-Za-z0-9])bearer\s+)(?!\[REDACTED)(?<secret>[A-Za-z0-9._~+/-]{8,}=*)/gi,
    keywords: ['bearer'],
    validate: looksLikeToken,
  },
  {
    kind: 'basic_auth',
    regex: /(?<pre>(?<![A-Za-z0-9])basic\s+)(?!\[REDACTED)(?<secret>[A-Za-z0-9+/]{6,}={0,2})(?![A-Za-z0-9+/=])/gi,
    keywords: ['basic'],
    validate: isBasicCredential,
  },
  {
    // Last resort for `password=hunter2`, `"api_key": "…"`, `DB_PASSWORD: x`, `?token=…&`. The name
    // may carry a prefix (`db_`, `github`) but must end in the keyword and be followed by `:`/`=`,
    // so `max_tokens: 5` and `token_count=3` never match. A quoted value may contain spaces; a bare
    // one ends at white space, a quote, a backslash, `&` (a query) or `<>` (markup), never at `)`,
    // `,` or `;`, which a password can hold (what follows it leaked). `pwd` is left out: `PWD=/home/me` is a cwd;
    // `pass` only as a part of its own (`DB_PASS`), not in `bypass`.
    kind: 'generic_secret',
    regex:
      /(?<pre>(?<![A-Za-z0-9_-])[A-Za-z0-9_-]*?(?:password|passwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|secret[_-]?key|[_-]pass)\\?["']?[ \t]*[:=][ \t]*\\?["']?)(?!\[REDACTED)(?<secret>(?<=["'])[^"'\\\r\n]+|(?<!["'])[^\s"'\\&<>]+)/gi,
    keywords: ['pass', 'secret', 'token', 'key'],
    // The keyword followed by its `:`/`=`: prose that merely says "token" (most logs) skips the
    // pattern, which tries every word of the text (5× the time of this gate on 9 KB of log).
    gate: /(?:password|passwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|secret[_-]?key|[_-]pass)\\?["']?[ \t]*[:=]/i,
  },
]

/** Every kind the redactor can emit from the built-in catalogue. */
export const SECRET_KINDS: readonly string[] = SECRET_PATTERNS.map((p) => p.kind)
