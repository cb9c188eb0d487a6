/** A unit an axis of rupees may be read in: crore, lakh, thousand, or rupees. */
const UNITS = [
  { size: 1e7, suffix: 'Cr' },
  { size: 1e5, suffix: 'L' },
  { size: 1e3, suffix: 'K' },
  { size: 1, suffix: '' },
] as const;

const figures = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/**
 * The tick labels of one chart axis of rupees, all in ONE unit (issue 27, item 5): the unit of the
 * axis's largest value — crore (₹1Cr and up), lakh (₹1L), thousand (₹1K) or rupees — so the ticks
 * read ₹0, ₹0.5L, ₹1L, ₹1.5L, never ₹50K beside ₹1.0L.
 * @param maxRupees the largest value the axis shows, in rupees
 * @returns a formatter of one tick's value (rupees) to its label
 */
export function rupeeAxisTicks(maxRupees: number): (rupees: number) => string {
  const unit = UNITS.find((candidate) => maxRupees >= candidate.size) ?? UNITS[UNITS.length - 1]!;
  return (rupees) => (rupees === 0 ? '₹0' : `₹${figures.format(rupees / unit.size)}${unit.suffix}`);
}
