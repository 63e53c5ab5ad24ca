/**
 * A copy of a text that does not keep the text it was cut from alive. V8 makes a slice of 13 or more characters a view
 * into its source (and a sentence quoting it a chain of pieces pointing there), so one kept cell or shared string
 * keeps its whole decoded chunk: across a 50 MB supplier file that was most of the file (CSV cells) and 32 MB of a
 * workbook's shared-string table (XLSX). A JSON round trip always yields a new flat string, in Node and the browser.
 */
export function flatCopy(text: string): string {
  return text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string);
}
