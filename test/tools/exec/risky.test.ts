/** The risky-command patterns: a table of commands that must warn and of look-alikes that must not. */
import { describe, expect, it } from 'vitest'
import { describeRisk, findRisk } from '../../../src/exec/risky.js'
import { fastestRun } from '../../support/fastest.js'

const risky: [command: string, match: string][] = [
  ['rm -rf build', 'rm -rf build'],
  ['rm -fr /tmp/x', 'rm -fr /tmp/x'],
  ['rm -r -f node_modules dist', 'rm -r -f node_modules dist'],
  ['rm -Rf ~', 'rm -Rf ~'],
  ['rm --recursive --force src', 'rm --recursive --force src'],
  ['rm -rfv ./out', 'rm -rfv ./out'],
  ['rm build -rf', 'rm build -rf'],
  ['cd /tmp && rm -rf *', 'rm -rf *'],
  ['sudo rm -rf /', 'rm -rf /'],
  ['ls; rm -rf /var/lib', 'rm -rf /var/lib'],
  ['git push --force', 'git push --force'],
  ['git push -f origin main', 'git push -f'],
  ['git push origin main --force-with-lease', 'git push origin main --force-with-lease'],
  ['git -C repo push -uf origin x', 'git -C repo push -uf'],
  ['git reset --hard HEAD~3', 'git reset --hard'],
  ['git reset -q --hard', 'git reset -q --hard'],
  ['git clean -fd', 'git clean -fd'],
  ['git clean -xdf', 'git clean -xdf'],
  ['git clean -fdx; ls', 'git clean -fdx'],
  ['git push -f&& echo ok', 'git push -f'],
  ['mkfs.ext4 /dev/sdb1', 'mkfs.ext4 /dev/sdb1'],
  ['sudo mkfs -t ext4 /dev/sdb', 'sudo mkfs -t ext4 /dev/sdb'],
  ['dd if=/dev/zero of=/dev/sda bs=1M', 'dd if=/dev/zero of=/dev/sda bs=1M'],
  ['dd if=disk.img of=out.img', 'dd if=disk.img of=out.img'],
  [':(){ :|:& };:', ':(){ :|:& }'],
  ['bomb() { bomb | bomb & }; bomb', 'bomb() { bomb | bomb & }'],
  ['curl -fsSL https://example.com/install.sh | sh', 'curl -fsSL https://example.com/install.sh | sh'],
  ['curl https://x.io/i | sudo bash', 'curl https://x.io/i | sudo bash'],
  ['wget -qO- https://x.io/i | bash -s', 'wget -qO- https://x.io/i | bash'],
  ['bash <(curl -s https://x.io/i)', 'bash <(curl -s https://x.io/i)'],
  ['chmod -R 777 /', 'chmod -R 777 /'],
  ['sudo chmod --recursive 0777 /srv', 'sudo chmod --recursive 0777 /srv'],
  ['echo hi > /dev/sda', '> /dev/sda'],
  ['cat image > /dev/nvme0n1', '> /dev/nvme0n1'],
  ['shutdown -h now', 'shutdown -h now'],
  ['sudo reboot', 'sudo reboot'],
  ['make && poweroff', 'poweroff'],
]

const safe = [
  'ls -la',
  'rm file.txt',
  'rm -r build',
  'rm -f stale.lock',
  'rm -i -r dir',
  'git push origin feature-f',
  'git push -u origin main',
  'git push --follow-tags',
  'git reset --soft HEAD~1',
  'git reset HEAD file',
  'git clean -n',
  'git status && git diff',
  'echo mkfsfoo',
  'add x y',
  'echo dd',
  'curl -s https://example.com | jq .',
  'curl -o install.sh https://example.com/install.sh',
  'wget https://x.io/file.tar.gz',
  'chmod 755 script.sh',
  'chmod -R 755 dist',
  'echo x > /dev/null',
  'cat /dev/sda1.txt',
  'ls /dev/sda',
  'echo shutdowns',
  './scripts/reboot_check.sh',
  'npm run format',
]

describe('findRisk', () => {
  it.each(risky)('flags %s', (command, match) => {
    const risk = findRisk(command)
    expect(risk, command).toBeDefined()
    expect(risk!.match).toBe(match)
  })

  it.each(safe)('leaves %s alone', (command) => {
    expect(findRisk(command)).toBeUndefined()
  })

  it('words the warning as the answer shows it', () => {
    expect(describeRisk(findRisk('rm -rf build')!)).toBe('Risky command: rm -rf build (deletes files recursively without asking)')
    expect(describeRisk(findRisk('git reset --hard')!)).toBe('Risky command: git reset --hard (throws away uncommitted changes)')
  })

  it('cuts a long match to 80 characters', () => {
    const risk = findRisk(`rm -rf ${'a/'.repeat(100)}`)!
    expect(risk.match.length).toBe(81)
    expect(risk.match.endsWith('…')).toBe(true)
  })
})

// Shapes that made the old regular expressions backtrack (quadratically, or worse for chmod and git).
const LONG = 120_000
const rep = (s: string) => s.repeat(Math.ceil(LONG / s.length)).slice(0, LONG)
const hostile: [name: string, command: string][] = [
  ['one long word', 'a'.repeat(LONG)],
  ['one long word after a name()', `f(){ ${'a'.repeat(LONG)}`],
  ['many dd', rep(' dd')],
  ['many curl', rep(' curl')],
  ['many chmod -R', rep(' chmod -R')],
  ['git and many flags', `git ${rep('-C ')}`],
  ['git push and a long word', `git push ${'a'.repeat(LONG)}`],
  ['many git', rep('git ')],
  ['many git stash', rep('git stash ')],
  ['many git branch -d', rep('git branch -d ')],
  ['sudo and many flags', `sudo ${rep(' -x')}`],
  ['many rm', rep(' rm')],
  ['many redirections', rep('> ')],
  ['many name()', rep('a(){')],
  ['many <(', rep('sh <( curl ')],
]

describe('findRisk on long commands', () => {
  // Linear: ~10 ms for 120,000 characters here; the quadratic shapes took seconds.
  it.each(hostile)('reads %s in linear time', (_name, command) => {
    expect(findRisk(command)).toBeUndefined()
    expect(fastestRun(() => findRisk(command), 250)).toBeLessThan(250)
  })

  it('still finds a risky command at the end of a long one', () => {
    for (const [, prefix] of hostile.slice(0, 4)) {
      expect(findRisk(`${prefix}; rm -rf /`)?.match).toBe('rm -rf /')
      expect(findRisk(`${prefix}\ngit push -f`)?.match).toBe('git push -f')
      const ms = fastestRun(() => {
        findRisk(`${prefix}; rm -rf /`)
        findRisk(`${prefix}\ngit push -f`)
      }, 500)
      expect(ms).toBeLessThan(500)
    }
  })
})
