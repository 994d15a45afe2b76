import hello from './hello.js'
import readRepoFile from './read-repo-file.js'
import writeMemoryEntry from './write-memory-entry.js'

export const boosterTools = [hello, readRepoFile, writeMemoryEntry]
