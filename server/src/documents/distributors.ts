/**
 * The distribution company of a supply, by the four digits after 'ES' in its CUPS, and the emergency line
 * (averías, urgencias) a bill must print: the distributor, not the retailer, attends to faults and gas leaks.
 */
const DISTRIBUTORS: Record<string, { name: string; phone: string }> = {
  '0021': { name: 'i-DE Redes Eléctricas Inteligentes', phone: '900 171 171' },
  '0022': { name: 'UFD Distribución Electricidad', phone: '900 333 999' },
  '0031': { name: 'e-distribución Redes Digitales', phone: '800 760 706' },
  '0217': { name: 'Nedgia', phone: '900 750 750' },
  '0230': { name: 'Nedgia', phone: '900 750 750' },
  '0234': { name: 'Nedgia', phone: '900 750 750' },
};

export function distributorOf(cups: string): { name: string; phone: string } | null {
  return DISTRIBUTORS[cups.slice(2, 6)] ?? null;
}
