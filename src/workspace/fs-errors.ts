/**
 * Turns operating-system errors into the catalogue's coded errors, so a caller never sees a raw
 * errno message (those carry absolute server paths). Unknown errors are rethrown untouched and
 * end up as a generic 500 in the error handler.
 */
import { fail } from '../errors.js'
import { errnoOf } from './paths.js'

/** The guard's answer for a path whose last name is missing from its (checked) folder. */
export const fileNotFound = (rel: string): never => fail('FILE_NOT_FOUND', `File not found: ${rel}`, { details: { path: rel } })

export function mapFsError(err: unknown, rel: string): never {
  switch (errnoOf(err)) {
    case 'ENOENT':
    case 'ENOTDIR':
      fail('FILE_NOT_FOUND', `File not found: ${rel}`)
    case 'EACCES':
    case 'EPERM':
      fail('PATH_BLOCKED', `Access denied: the operating system does not allow access to ${rel}`)
    case 'ELOOP':
      fail('PATH_OUTSIDE_WORKSPACE', `${rel} is (or became) a symbolic link that cannot be followed safely; use the real file's path`)
    case 'EISDIR':
      fail('INVALID_REQUEST', `${rel} is a directory; pass the path of a file`)
    case 'ENXIO': // a socket, or a device with nothing behind it, swapped in after the checks
    case 'EAGAIN':
    case 'EWOULDBLOCK':
      fail('INVALID_REQUEST', `${rel} is not a regular file (device, socket or pipe); pass a file path`)
    case 'ENOTEMPTY': // a folder filled again while it was being removed
      fail('CONFLICT', `${rel} changed while it was being removed (new entries appeared); try again`)
    case 'ENAMETOOLONG':
      fail('INVALID_REQUEST', 'Path is too long; use a shorter path relative to the workspace root')
    default:
      throw err
  }
}
