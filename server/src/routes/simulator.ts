import { Type } from 'typebox';

import { signedInAccount } from '../auth/requireAuth';
import { type SimulatorOption, simulatorAnswer } from '../contract/simulator';
import { simulatorInput } from '../data/simulator';
import { integer, kilowatts, listDate } from '../documents/format';
import { ApiError, errorBody, notFound } from '../http/errors';
import { CURRENT_OFFER, offersFor } from '../measurements/offers';
import {
  MAX_POWER_20TD,
  type PricedOption,
  peakOf,
  priceOption,
  simulationYear,
  STANDARD_POWERS_20TD,
} from '../measurements/simulator';
import type { RoutePlugin } from './context';

const SIMULATOR_TEXTS = {
  current: 'Contrato actual',
  power: (kw: number) => `Potencia de ${kilowatts(kw)}`,
  typedPower: (p1: number, p2: number) =>
    p1 === p2
      ? `Potencia indicada: ${kilowatts(p1)}`
      : `Potencia indicada: ${kilowatts(p1)} y ${kilowatts(p2)}`,
  withOffer: (label: string, offerName: string) => `${label} (${offerName})`,
  belowPeak: (hours: number, when: string, kw: number) =>
    `Por debajo de su consumo máximo del año: en ${integer(hours)} ${hours === 1 ? 'hora' : 'horas'} habría ` +
    `superado la potencia (la peor, ${when}, con ${kilowatts(kw)}), y el interruptor podría haber saltado.`,
  notElectricity: 'El simulador solo está disponible para contratos de electricidad.',
  unknownOffer: 'La oferta indicada no existe para la tarifa de este contrato.',
  badPower: `La potencia debe ser mayor que 0 kW y no superar ${integer(MAX_POWER_20TD)} kW en la tarifa 2.0TD.`,
  powerOnly20TD: 'La simulación de otra potencia solo está disponible para la tarifa 2.0TD.',
  noBills: 'Este contrato aún no tiene facturas de consumo con las que simular.',
};

const badRequest = (message: string) => new ApiError(400, 400, message);

/** '2026-01-12T20:00:00+01:00' as 12/01/2026 a las 20:00 (the hour's local start). */
const hourName = (startsAt: string) =>
  `el ${listDate(startsAt.slice(0, 10))} a las ${startsAt.slice(11, 16)}`;

const power = Type.Optional(Type.Number());

const simulatorSchema = {
  querystring: Type.Object(
    {
      contractCode: Type.String({ minLength: 1, maxLength: 20 }),
      oferta: Type.Optional(Type.String({ maxLength: 40 })),
      // Checked in the handler, so a power out of range is told in words (MAX_POWER_20TD).
      potenciaP1: power,
      potenciaP2: power,
    },
    { additionalProperties: false },
  ),
  response: { 200: simulatorAnswer, '4xx': errorBody },
};

/**
 * "¿Me conviene otra tarifa o potencia?" (DECISIONS "The bill", server/docs/simulator-api.md): the contract's
 * last 12 billing periods priced by the billing engine as they are, under the retailer's other offers
 * (server/config/offers.json), and with other contracted powers (the standard steps and one typed) at the
 * chosen offer's prices.
 */
export const simulatorRoutes: RoutePlugin = async (app, { db }) => {
  app.get('/ov/cups/api/simulador', { schema: simulatorSchema }, async (request) => {
    const { contractCode, oferta = CURRENT_OFFER, potenciaP1, potenciaP2 } = request.query;
    const input = await simulatorInput(db, signedInAccount(request), contractCode);
    if (!input) throw notFound();
    const { contract, current, periods } = input;
    if (contract.line !== 'Electricidad') throw badRequest(SIMULATOR_TEXTS.notElectricity);
    const offers = offersFor(current.tariff);
    const chosen = oferta === CURRENT_OFFER ? null : offers.find((offer) => offer.code === oferta);
    if (chosen === undefined) throw badRequest(SIMULATOR_TEXTS.unknownOffer);
    const typed = potenciaP1 ?? potenciaP2;
    const is20TD = current.tariff === '2.0TD';
    if (typed !== undefined && !is20TD) throw badRequest(SIMULATOR_TEXTS.powerOnly20TD);
    const typedPowers = typed === undefined ? null : [potenciaP1 ?? typed, potenciaP2 ?? typed];
    if (typedPowers?.some((kw) => !(kw > 0 && kw <= MAX_POWER_20TD)))
      throw badRequest(SIMULATOR_TEXTS.badPower);
    if (!periods.length) throw new ApiError(409, 409, SIMULATOR_TEXTS.noBills);

    const year = simulationYear(current.tariff, periods);
    const today = priceOption(current, year);
    const answer = (
      kind: SimulatorOption['kind'],
      offer: string,
      label: string,
      priced: PricedOption,
    ): SimulatorOption => ({
      kind,
      offer,
      label,
      powers: priced.powers,
      yearlyCost: priced.yearlyCost,
      difference: Math.round((priced.yearlyCost - today.yearlyCost) * 100) / 100,
      exceededHours: priced.exceededHours,
      worstHour: priced.worstHour,
      warning: priced.worstHour
        ? SIMULATOR_TEXTS.belowPeak(
            priced.exceededHours,
            hourName(priced.worstHour.startsAt),
            priced.worstHour.kw,
          )
        : null,
    });
    const powerOption = (label: string, powers: number[]) =>
      answer(
        'potencia',
        chosen?.code ?? CURRENT_OFFER,
        chosen ? SIMULATOR_TEXTS.withOffer(label, chosen.name) : label,
        priceOption(current, year, { powers, offer: chosen ?? undefined }),
      );
    const options: SimulatorOption[] = [
      answer('actual', CURRENT_OFFER, SIMULATOR_TEXTS.current, today),
      ...offers.map((offer) =>
        answer('oferta', offer.code, offer.name, priceOption(current, year, { offer })),
      ),
    ];
    if (is20TD) {
      for (const kw of STANDARD_POWERS_20TD) options.push(powerOption(SIMULATOR_TEXTS.power(kw), [kw, kw]));
      if (typedPowers)
        options.push(powerOption(SIMULATOR_TEXTS.typedPower(typedPowers[0], typedPowers[1]), typedPowers));
    }
    const peak = peakOf(year);
    return {
      contractCode: contract.code,
      cups: contract.cups,
      tariff: current.tariff,
      from: periods[0].from,
      until: periods.at(-1)!.until,
      periods: periods.length,
      billedTotal: input.billedTotal,
      peak,
      options,
    };
  });
};
