/**
 * Data for a page's script, as JSON inside `<script type="application/json">`. The element ends
 * at the first `</script` and a `<!--` changes how the browser reads what follows, so every `<`
 * is written as `\u003c`, which JSON.parse reads back as the same character. Event titles come
 * from outside (KudaGo), so this is not hypothetical.
 */
export function embeddedJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
