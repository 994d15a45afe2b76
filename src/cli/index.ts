#!/usr/bin/env node
/**
 * `toolgate`: the command-line client (docs/cli.md). A client only: it talks to a server over
 * HTTP through the typed client in client.ts and never imports the server's own modules.
 */
import { Command, CommanderError, Option } from 'commander'
import { registerAdmin } from './admin.js'
import { call } from './call.js'
import { CliExit, EXIT } from './client.js'
import { action, context } from './command.js'
import { registerImport } from './import.js'
import { registerInfo } from './info.js'
import { paint, useColour } from './render.js'

function program(): Command {
  const p = new Command('toolgate')
    .description('Call toolgate tools and administer a toolgate server from the command line')
    .option('--url <url>', 'server URL (default: TOOLGATE_URL or http://127.0.0.1:3000)')
    .option('--key <key>', 'API key (default: TOOLGATE_KEY)')
    .addOption(new Option('-o, --output <format>', 'table for people, json for scripts').choices(['table', 'json']).default('table'))
    .exitOverride()
    .configureOutput({ outputError: (s, write) => write(paint('red', s, useColour(process.stderr))) })
  p.command('call')
    .description('call a tool: toolgate call Read --file_path README.md, or --json \'{"file_path":"README.md"}\'')
    .argument('<tool>', 'tool name')
    .argument('[args...]', 'tool arguments as --name value')
    .option('--json <object>', 'all arguments as one JSON object')
    .option('--dry-run', 'report what a mutating tool would do; change nothing')
    .allowUnknownOption()
    .action(
      action(async (tool: string, rest: string[], _o: unknown, cmd: Command) => {
        const { client, conn, output, opts } = context(cmd)
        return call(client, conn, tool, rest, { json: opts.json, output, dryRun: opts.dryRun })
      }),
    )
  registerInfo(p)
  registerAdmin(p)
  registerImport(p)
  return p
}

async function main(argv: string[]): Promise<void> {
  try {
    await program().parseAsync(argv)
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version are not errors; everything else commander refuses is a usage error.
      process.exitCode = err.exitCode === 0 ? EXIT.ok : EXIT.usage
      return
    }
    if (err instanceof CliExit) {
      process.stderr.write(`${paint('red', 'toolgate:', useColour(process.stderr))} ${err.message}\n`)
      process.exitCode = err.code
      return
    }
    throw err
  }
}

await main(process.argv)
