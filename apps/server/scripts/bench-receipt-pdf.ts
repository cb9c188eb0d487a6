/**
 * The size of a receipt PDF and the time to make one (decision 0139): an A5 receipt with a check
 * QR code, English only and with the Malayalam block, and the 80 mm roll, each made `RUNS` times
 * (default 50) after one warm-up; prints the median and 90th percentile in milliseconds and the
 * size in bytes. Renders from fixed data (no database), so it measures the PDF path alone:
 * `node --import tsx scripts/bench-receipt-pdf.ts` from apps/server.
 */
import QRCode from 'qrcode';

import { paise } from '@parish/shared';

import type { ReceiptData } from '../src/modules/receipts/receipt-html.ts';
import { buildReceiptPdf, type ReceiptPdfLayout } from '../src/modules/receipts/receipt-pdf.ts';

const RUNS = Number(process.env.RUNS ?? 50);
const url = 'https://stmarys.example.org/r/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcdEF';
const data: ReceiptData = {
  parish: {
    name: "St. Mary's Forane Church",
    address: 'Kuravilangad, Kottayam, Kerala 686633',
    contact: '+91 4822 230 224',
    logoUrl: '',
  },
  receiptNumber: '2026-27/000123',
  transactionId: 'CASH-20261128-0001',
  date: '28/11/2026',
  paymentMethod: 'cash',
  member: { name: 'Mathew Kurian', parishNumber: 'SM042', mobile: '919847012345', email: null },
  head: { name: 'Church Tax', description: 'Yearly family dues', typeLabel: 'Current Due' },
  amountPaise: paise(1_23_45_678),
  lines: [],
  check: { url, qrSvg: await QRCode.toString(url, { type: 'svg' }) },
};

for (const [layout, language] of [
  ['a5', 'en'],
  ['a5', 'ml'],
  ['80mm', 'en'],
  ['80mm', 'ml'],
] as [ReceiptPdfLayout, 'en' | 'ml'][]) {
  const first = await buildReceiptPdf(data, layout, language);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await buildReceiptPdf(data, layout, language);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
  console.log(`${layout} ${language}: ${first.length} bytes, median ${at(0.5)} ms, p90 ${at(0.9)} ms over ${RUNS}`);
}
