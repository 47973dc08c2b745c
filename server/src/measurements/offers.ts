/**
 * The retailer's other electricity offers, kept in one configuration file (server/config/offers.json,
 * DECISIONS "The bill"): the simulator prices a customer's year under each. Checked once at start-up, so a
 * mistyped file stops the server instead of answering wrong prices.
 */
import offersFile from '../../config/offers.json';
import type { OfferPrices } from './billing';
import { tariffPeriodCodes } from './tariffPeriods';

export interface Offer extends OfferPrices {
  code: string;
  name: string;
  tariff: string;
}

/** The code (?oferta=) of the contract's own prices, the price table of prices.ts. */
export const CURRENT_OFFER = 'ACTUAL';

const powerPeriodsOf = (tariff: string) => (tariff === '2.0TD' ? 2 : 6);

const isPriceList = (value: unknown, length: number) =>
  Array.isArray(value) &&
  value.length === length &&
  value.every((price) => typeof price === 'number' && Number.isFinite(price) && price > 0);

function checkedOffers(raw: unknown): Offer[] {
  if (!Array.isArray(raw)) throw new Error('offers.json: "offers" must be a list');
  const codes = new Set<string>([CURRENT_OFFER]);
  return raw.map((item: Partial<Offer>, i) => {
    const { code, name, tariff, energy, power } = item;
    const where = `offers.json: offer ${i + 1}`;
    if (typeof code !== 'string' || !/^[A-Z0-9_]{1,40}$/.test(code) || codes.has(code))
      throw new Error(`${where}: a unique code of capitals, digits and _ is needed`);
    codes.add(code);
    if (typeof name !== 'string' || !name.trim()) throw new Error(`${where}: a name is needed`);
    if (typeof tariff !== 'string' || !tariff.endsWith('TD'))
      throw new Error(`${where}: an access toll (…TD)`);
    if (!isPriceList(energy, tariffPeriodCodes(tariff).length))
      throw new Error(`${where}: one energy price per period of ${tariff}`);
    if (!isPriceList(power, powerPeriodsOf(tariff)))
      throw new Error(`${where}: one power price per power period of ${tariff}`);
    return { code, name, tariff, energy: energy!, power: power! };
  });
}

export const OFFERS: readonly Offer[] = checkedOffers(offersFile.offers);

/** The offers a contract of a tariff may take. */
export const offersFor = (tariff: string) => OFFERS.filter((offer) => offer.tariff === tariff);
