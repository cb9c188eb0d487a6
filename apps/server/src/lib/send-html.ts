import type { FastifyReply } from 'fastify';

/**
 * Printable HTML documents (a receipt, a day sheet, a receipt opened from a signed link): each is
 * sent with its own strict Content-Security-Policy, under which only its nonce'd script and style
 * run (`docs/ARCHITECTURE.md`, "Security headers"). A route helper shared by the modules that print.
 */

/** The Content-Security-Policy of a printable document: only its own nonce'd script and style run. */
function printableCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data: https:",
    // The second language's script font (`GET /api/fonts/:file`).
    "font-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Sends a printable HTML document with its own strict policy, never cached.
 * @param html the whole document, whose `<script>` and `<style>` carry `nonce`
 * @param nonce the document's nonce (base64), fresh for every answer
 * @returns the reply, sent: 200 `text/html; charset=utf-8`, `cache-control: no-store`
 */
export function sendHtml(reply: FastifyReply, html: string, nonce: string) {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', printableCsp(nonce))
    .header('x-content-type-options', 'nosniff')
    .send(html);
}
