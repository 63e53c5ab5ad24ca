import { formatCount } from './number-format.ts';

/**
 * The longest text the API takes in each kind of field, in characters. Every string field of every request
 * contract (bodies, query strings, path parameters, upload form fields) has one of these as its maximum, so no raw
 * input of unbounded length reaches a query or an index. Each is well above what a real user sends:
 */
export const MAX_LENGTH = {
  /** Usernames are 3–50 letters, digits, dots, dashes, underscores. */
  username: 50,
  /** RFC 5321 allows 254 characters in an address. */
  email: 254,
  /** The login field takes a username or an e-mail address. */
  login: 254,
  password: 200,
  /** Legal names with branch suffixes ('… GmbH & Co. KG – Niederlassung Nordrhein-Westfalen') stay far below it. */
  organization: 200,
  referralCode: 64,
  /** Link tokens are 43 characters (32 random bytes, base64url); mail clients sometimes add junk. */
  linkToken: 512,
  /** A help message: many paragraphs, a pasted error message or a table excerpt. */
  helpMessage: 20_000,
  /** Search boxes and single filter values. */
  search: 200,
  /** File names: 255 is the limit of the usual file systems (longer upload names are shortened, not refused). */
  fileName: 255,
  /** A column header of a supplier file or an XLSX sheet name. */
  columnName: 200,
  brand: 200,
  productName: 500,
  /** Ids in paths and bodies (UUIDs are 36; Paddle ids about 30). */
  id: 100,
  /** Short codes: market ids, tiers, roles, sort fields, Amazon marketplace ids, currency codes. */
  code: 50,
  /** Numbers sent as text (query strings, form fields). */
  number: 30,
  /** A sentence the server wrote that the browser sends back (a profit breakdown's fee rule). */
  sentence: 1000,
  /** Values of a list in a query string (?brands=a&brands=b): items per list. */
  listItems: 500,
} as const;

/** 'Name is too long (at most 200 characters).' */
export function tooLongMessage(label: string, max: number): string {
  return `${label} is too long (at most ${formatCount(max)} characters).`;
}
