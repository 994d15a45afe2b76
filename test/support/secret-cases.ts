/** Fake secrets of every built-in kind, planted in text: shared by the redactor's tests. */
// Fake secrets are assembled at run time so this file never trips a secret scanner (ours or GitHub's)
// while still producing strings with the exact shape of the real thing.
export const j = (...parts: string[]) => parts.join('')
export const b64 = (s: string) => Buffer.from(s).toString('base64')

export interface Case {
  kind: string
  /** The text planted in the object; `secret` must disappear, everything else must survive. */
  text: string
  secret: string
  /** What must survive; defaults to the template around `%s`. */
  keep?: string[]
}

const PEM_BODY = 'MIIEowIBAAKCAQEAFAKEfakeFAKEfakeFAKEfakeFAKEfakeFAKEfakeFAKEfake0123\nFAKEfakeFAKEfake0123456789FAKEfakeFAKEfake0123456789FAKEfakeFAKE=='
export const cases: Case[] = [
  { kind: 'aws_access_key', secret: j('AKIA', 'IOSFODNN7EXAMPLE'), text: 'id=%s region=us-east-1' },
  { kind: 'aws_access_key', secret: j('ASIA', 'IOSFODNN7EXAMPLE'), text: 'temporary %s' },
  { kind: 'aws_secret_access_key', secret: j('wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCYEXAMPLEKEY'), text: 'aws_secret_access_key = %s\nregion = eu' },
  { kind: 'aws_secret_access_key', secret: j('wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCYEXAMPLEKEY'), text: '{"SecretAccessKey": "%s", "x": 1}' },
  { kind: 'github_token', secret: j('ghp_', 'FAKEfakeFAKEfake0123456789abcdefABCD'), text: 'git push with %s now' },
  { kind: 'github_token', secret: j('ghs_', 'FAKEfakeFAKEfake0123456789abcdefABCD'), text: 'installation token %s.' },
  { kind: 'github_fine_grained_pat', secret: j('github_', 'pat_11FAKE0000000000000000_', 'FAKEfake'.repeat(7), 'abc'), text: 'GH=%s done' },
  { kind: 'anthropic_api_key', secret: j('sk-', 'ant-api03-', 'FAKEfake0123456789_-FAKEfake0123456789-EXAMPLEAA'), text: 'x-api-key: %s ok' },
  { kind: 'openai_api_key', secret: j('sk-', 'proj-FAKEfake0123456789FAKEfake0123456789'), text: 'OPENAI %s ok' },
  { kind: 'openai_api_key', secret: j('sk-', 'FAKEfake0123456789FAKEfakeT3BlbkFJ'), text: 'legacy %s ok' },
  { kind: 'slack_token', secret: j('xox', 'b-000000000000-0000000000000-FAKEfakeFAKEfakeFAKEfake'), text: 'bot %s here' },
  { kind: 'slack_webhook', secret: j('https://hooks.', 'slack.com/services/T00000000/B00000000/', 'XXXXXXXXXXXXXXXXXXXXXXXX'), text: 'post to %s please' },
  { kind: 'google_api_key', secret: j('AI', 'zaSyFAKE-fake_FAKE0123456789abcdefghi'), text: 'maps key %s ok' },
  { kind: 'google_oauth_client_secret', secret: j('GOCSPX', '-FAKEfake0123456789_-FAKEfake0'), text: 'client secret %s ok' },
  { kind: 'stripe_key', secret: j('sk_', 'live_', 'FAKEfake0123456789FAKEfake'), text: 'stripe %s ok' },
  { kind: 'stripe_key', secret: j('rk_', 'test_', 'FAKEfake0123456789FAKEfake'), text: 'restricted %s ok' },
  {
    kind: 'private_key',
    secret: PEM_BODY,
    text: `before\n-----BEGIN RSA PRIVATE KEY-----\n%s\n-----END RSA PRIVATE KEY-----\nafter`,
    keep: ['before\n', '\nafter'],
  },
  {
    kind: 'private_key',
    secret: PEM_BODY,
    text: `cut off:\n-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n[output truncated]`,
    keep: ['cut off:\n', '\n[output truncated]'],
  },
  {
    kind: 'jwt',
    secret: j(
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9',
      '.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ',
      '.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
    ),
    text: 'cookie session=%s; Path=/',
  },
  { kind: 'bearer_token', secret: 'abcDEF0123456789ghiJKLfake', text: 'Authorization: Bearer %s' },
  { kind: 'basic_auth', secret: b64('admin:hunter2'), text: 'Authorization: Basic %s\r\nHost: x' },
  { kind: 'url_password', secret: 's3cr3t-Pa55', text: 'DATABASE_URL=postgres://admin:%s@db:5432/app' },
  { kind: 'url_password', secret: 'hunter2', text: 'redis://:%s@cache:6379/0' },
  { kind: 'generic_secret', secret: 'hunter2', text: 'login with password=%s then go' },
  { kind: 'generic_secret', secret: 'correct horse battery', text: 'config {"password": "%s", "user": "bob"}' },
  { kind: 'generic_secret', secret: 'plainvalue42', text: "DB_PASSWORD: '%s'" },
  { kind: 'generic_secret', secret: 'myVerySecretValue', text: 'api_key=%s&page=2' },
  { kind: 'generic_secret', secret: 'shhh-do-not-tell', text: 'secret = %s ok' },
  { kind: 'generic_secret', secret: 'opaque-session-value', text: '/callback?token=%s&state=1' },
  { kind: 'generic_secret', secret: '9f86d081884c7d659a2feaa0c55ad015', text: 'export TOOLGATE_SECRET_KEY=%s' },
  { kind: 'generic_secret', secret: 'hunter22', text: 'DB_PASS=%s psql' },
  // A bare value ends only at white space, a quote, a backslash, `&`, `<` or `>`: `)`, `,` and `;` can be a password's.
  { kind: 'generic_secret', secret: 'Zk9(q)Lp*2;rT,v!', text: 'login with password=%s then go' },
  { kind: 'generic_secret', secret: 'abc,def;ghi]jk}', text: 'DB_PASSWORD=%s\nnext' },
  { kind: 'gitlab_token', secret: j('glpat-', 'FAKEfake0123456789ab'), text: 'PRIVATE-TOKEN: %s' },
  { kind: 'npm_token', secret: j('npm_', 'FAKEfakeFAKEfake0123456789abcdefABCD'), text: '//registry.npmjs.org/:_authToken=%s' },
  { kind: 'toolgate_api_key', secret: j('tg_', 'Xq3FAKEfake0123456789-_FAKEfake0123456789ab'), text: 'caller %s ok' },
]
