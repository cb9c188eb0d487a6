import type { FastifyReply } from 'fastify';

/**
 * Sends a PDF (decision 0139): `application/pdf`, as a download named `fileName` (letters, digits,
 * '-', '_' and '.' kept; anything else becomes '-'), never cached (it holds a member's data).
 * @param fileName e.g. `receipt-2026-27-000123.pdf`
 */
export function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  const safe = fileName.replace(/[^A-Za-z0-9._-]/g, '-');
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${safe}"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}
