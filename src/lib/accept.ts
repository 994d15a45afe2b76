/** Content negotiation on the Accept header, by `negotiator` (quality values, specificity, then the client's order). */
import Negotiator from 'negotiator'

/** The offered media type the client prefers (the first offered when it sends no Accept); undefined if it accepts none. */
export function preferredType(accept: string | undefined, offered: readonly string[]): string | undefined {
  return new Negotiator({ headers: { accept } }).mediaType(offered)
}

const XML_TYPES = ['application/xml', 'text/xml']

/** Does the client prefer XML to JSON? JSON when it says nothing, or ranks them equally and lists JSON first. */
export function prefersXml(accept: string | undefined): boolean {
  if (!accept?.includes('xml')) return false
  return XML_TYPES.includes(preferredType(accept, ['application/json', ...XML_TYPES]) ?? '')
}
