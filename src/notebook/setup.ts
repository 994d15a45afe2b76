/**
 * The setup cells built from the dependency manifest: a table of what is installed and why, and
 * one code cell that installs everything (system packages first, as pip builds may need them,
 * then conda, then pip) and runs each `import_check` in its own try/except, printing what failed.
 */
import { dependencyId } from './packages.js'

export interface Dependency {
  manager: string
  package: string
  version: string
  importCheck: string | null
  notes: string | null
  position: number
}

const cellText = (s: string) => s.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|').trim()

export function setupMarkdown(deps: Dependency[]): string {
  if (deps.length === 0) {
    return '## Setup\n\nThis notebook needs nothing beyond the Python standard library. The next cell prints the Python version it runs on.'
  }
  const rows = deps.map((d) => `| ${d.position} | \`${d.package}\` | ${d.version} | ${d.manager} | ${d.notes ? cellText(d.notes) : ''} |`)
  return [
    '## Setup',
    'Run the next cell once before the steps: it installs the packages below and checks that they import.',
    ['| # | Package | Version | Installed with | Why |', '| --- | --- | --- | --- | --- |', ...rows].join('\n'),
  ].join('\n\n')
}

function installLines(deps: Dependency[]): string[] {
  const of = (m: string) => deps.filter((d) => d.manager === m)
  const lines: string[] = []
  const apt = of('apt')
  if (apt.length) {
    lines.push('!apt-get update -qq')
    lines.push(`!apt-get install -y ${apt.map((d) => `${d.package}=${d.version}`).join(' ')}`)
  }
  const conda = of('conda')
  if (conda.length) lines.push(`!conda install -y ${conda.map((d) => `${d.package}=${d.version}`).join(' ')}`)
  const pip = of('pip')
  if (pip.length) lines.push(`%pip install ${pip.map((d) => `${d.package}==${d.version}`).join(' ')}`)
  return lines
}

export function setupCode(deps: Dependency[]): string {
  if (deps.length === 0) {
    return 'import sys\n\nprint("Python " + sys.version.split()[0] + ": no extra packages to install.")'
  }
  const lines = ['# Install the dependencies: system packages first, then conda, then pip.', ...installLines(deps)]
  const checked = deps.filter((d) => d.importCheck?.trim())
  if (checked.length) {
    lines.push('', '# Check that each dependency imports; report every failure, not just the first.', '_setup_failures = []')
    for (const d of checked) {
      const stmt = d
        .importCheck!.trim()
        .split(/\r?\n/)
        .map((l) => `    ${l}`)
        .join('\n')
      const label = JSON.stringify(dependencyId(d.manager, d.package, d.version))
      lines.push('try:', stmt, 'except Exception as exc:', `    _setup_failures.append(${label} + ": " + type(exc).__name__ + ": " + str(exc))`)
    }
    lines.push(
      'if _setup_failures:',
      '    print("These dependencies did not import:")',
      '    for _failure in _setup_failures:',
      '        print("  - " + _failure)',
      'else:',
      `    print("Setup complete: all ${checked.length} import check${checked.length === 1 ? '' : 's'} passed.")`,
    )
  }
  return lines.join('\n')
}
