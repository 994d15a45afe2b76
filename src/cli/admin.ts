import type { Command } from 'commander'
export function registerAdmin(_p: Command): void {}
