import type { Command } from 'commander'
export function registerImport(_p: Command): void {}
