import type { Selectable } from 'kysely';

import type { Realm } from '../../auth/realm';
import type { ContractState, HoldersTable, Line, SupplyPointsTable } from '../schema';
import { Random } from './random';
import { seedFromCode } from '../../measurements/loadProfile';
import { cifControl, cupsControl, nifLetter, spanishIban } from './spanishIds';

/** A holder as the seed writes it: its table's row without the generated id. */
export type DemoHolder = Omit<Selectable<HoldersTable>, 'id'>;

export interface DemoAdministrator {
  nif: string;
  email: string;
  name: string;
  clientNifs: string[];
}

/** A supply point as the seed writes it: its table's row without the generated id. */
export type DemoSupplyPoint = Omit<SupplyPointsTable, 'id'>;

export interface DemoContract {
  code: string;
  sicom_code: string;
  holderNif: string;
  cups: string;
  line: Line;
  tariff: string;
  access_fee: string;
  start_date: string;
  end_date: string | null;
  state: ContractState;
  powers: (number | null)[];
  caudal: number | null;
}

export interface DemoAccount {
  realm: Realm;
  username: string;
  password: string;
  email: string;
  holderNif: string | null;
  administratorNif: string | null;
  telephone: string | null;
  given_name: string;
  family_name: string;
  last_name: string;
  description: string;
}

export interface DemoData {
  holders: DemoHolder[];
  administrators: DemoAdministrator[];
  supplyPoints: DemoSupplyPoint[];
  contracts: DemoContract[];
  accounts: DemoAccount[];
}

export const DEMO_SEED = 20240601;
const CUSTOMER_PASSWORD = 'Demo2024!';
const ADMINISTRATOR_PASSWORD = 'Fincas2024!';

interface City {
  city: string;
  province: string;
  provinceCode: string;
  postalRange: [number, number];
  electricityDistributor: string;
  gasDistributor: string;
  streets: string[];
}

// Distributor codes: 0021 i-DE, 0022 UFD, 0031 e-distribución; gas 0217, 0230, 0234.
const CITIES: City[] = [
  {
    city: 'Madrid',
    province: 'Madrid',
    provinceCode: '28',
    postalRange: [28001, 28055],
    electricityDistributor: '0022',
    gasDistributor: '0230',
    streets: [
      'Calle de Alcalá',
      'Calle de Serrano',
      'Paseo de la Castellana',
      'Calle Mayor',
      'Calle de Bravo Murillo',
    ],
  },
  {
    city: 'Valencia',
    province: 'Valencia',
    provinceCode: '46',
    postalRange: [46001, 46026],
    electricityDistributor: '0021',
    gasDistributor: '0217',
    streets: ['Avenida del Puerto', 'Calle de Colón', 'Gran Vía del Marqués del Turia', 'Calle de Cuba'],
  },
  {
    city: 'Sevilla',
    province: 'Sevilla',
    provinceCode: '41',
    postalRange: [41001, 41020],
    electricityDistributor: '0031',
    gasDistributor: '0234',
    streets: ['Calle Sierpes', 'Avenida de la Constitución', 'Calle Feria', 'Avenida de Eduardo Dato'],
  },
  {
    city: 'Zaragoza',
    province: 'Zaragoza',
    provinceCode: '50',
    postalRange: [50001, 50018],
    electricityDistributor: '0031',
    gasDistributor: '0217',
    streets: ['Paseo de la Independencia', 'Calle de Alfonso I', 'Avenida de Madrid', 'Calle Delicias'],
  },
  {
    city: 'Bilbao',
    province: 'Bizkaia',
    provinceCode: '48',
    postalRange: [48001, 48015],
    electricityDistributor: '0021',
    gasDistributor: '0230',
    streets: [
      'Gran Vía de Don Diego López de Haro',
      'Calle Licenciado Poza',
      'Calle Autonomía',
      'Calle Iparraguirre',
    ],
  },
  {
    city: 'Málaga',
    province: 'Málaga',
    provinceCode: '29',
    postalRange: [29001, 29018],
    electricityDistributor: '0031',
    gasDistributor: '0234',
    streets: ['Calle Marqués de Larios', 'Alameda Principal', 'Avenida de Andalucía', 'Calle Carretería'],
  },
];

const EXTENSIONS = ['1º A', '2º B', '3º C', '4º D', 'Bajo', 'Ático', 'Esc. 2, 5º A'];

interface TariffSpec {
  tariff: string;
  fee: string;
  /** Contracted power periods and their range in kW; gas tariffs have none. */
  periods: number;
  kw: [number, number];
  /** Daily capacity in kWh/día for gas. */
  caudal?: [number, number];
}

const ELECTRICITY: Record<string, TariffSpec> = {
  '2.0A': { tariff: '2.0A', fee: '2.0A', periods: 1, kw: [3.3, 9.9] },
  '2.1A': { tariff: '2.1A', fee: '2.1A', periods: 1, kw: [10.35, 14.49] },
  '2.0DHA': { tariff: '2.0DHA', fee: '2.0DHA', periods: 1, kw: [3.3, 9.9] },
  '2.1DHA': { tariff: '2.1DHA', fee: '2.1DHA', periods: 1, kw: [10.35, 14.49] },
  '2.0DHS': { tariff: '2.0DHS', fee: '2.0DHS', periods: 1, kw: [3.3, 9.9] },
  '2.1DHS': { tariff: '2.1DHS', fee: '2.1DHS', periods: 1, kw: [10.35, 14.49] },
  '3.0A': { tariff: '3.0A', fee: '3.0A', periods: 3, kw: [15, 50] },
  '3.1A': { tariff: '3.1A', fee: '3.1A', periods: 3, kw: [50, 120] },
  '6.1A': { tariff: '6.1A', fee: '6.1', periods: 6, kw: [150, 450] },
  '2.0TD': { tariff: '2.0TD', fee: '2.0TD', periods: 2, kw: [3.3, 9.9] },
  '3.0TD': { tariff: '3.0TD', fee: '3.0TD', periods: 6, kw: [15, 60] },
  '6.1TD': { tariff: '6.1TD', fee: '6.1TD', periods: 6, kw: [150, 450] },
};

/** A community of owners' supplies: common areas on 2.0TD, lifts and garages on 3.0TD. */
const COMMUNITY_KW: Record<string, [number, number]> = { '2.0TD': [10, 14.5], '3.0TD': [15, 50] };

const BANKS = ['2100', '0049', '0182', '0081', '2085', '0128'];

/** The holder's bank account, derived from the NIF (not the random stream, so adding it moved no other value). */
function demoIban(nif: string): string {
  const seed = seedFromCode(nif);
  const digits = (count: number, salt: number) =>
    String(Math.abs(Math.imul(seed ^ salt, 2654435761)) % 10 ** count).padStart(count, '0');
  return spanishIban(BANKS[seed % BANKS.length], digits(4, 17), `${digits(5, 29)}${digits(5, 31)}`);
}

// The reading screen rounds the gas access fee: 3.x selects the single "Consumo" field.
const GAS: Record<string, TariffSpec> = {
  'RL.1': { tariff: 'RL.1', fee: '3.1', periods: 0, kw: [0, 0], caudal: [5, 15] },
  'RL.2': { tariff: 'RL.2', fee: '3.2', periods: 0, kw: [0, 0], caudal: [15, 60] },
  'RL.3': { tariff: 'RL.3', fee: '3.3', periods: 0, kw: [0, 0], caudal: [60, 250] },
};

interface ContractPlan {
  line: Line;
  tariff: string;
  state?: ContractState;
  /** Contracted kW range when not the tariff's usual one. */
  kw?: [number, number];
}

class DemoBuilder {
  readonly data: DemoData = {
    holders: [],
    administrators: [],
    supplyPoints: [],
    contracts: [],
    accounts: [],
  };
  private readonly usedCups = new Set<string>();
  private readonly usedNifs = new Set<string>();
  private nextContract = 100000100;

  constructor(private readonly random: Random) {}

  phone(): string {
    return `6${this.random.digits(8)}`;
  }

  landline(provinceCode: string): string {
    return `9${provinceCode[1]}${this.random.digits(7)}`;
  }

  person(name: string, first: string, second: string, email: string, nif?: string): DemoHolder {
    nif = nif ? this.claimNif(nif) : this.newNif();
    const holder = {
      nif,
      name,
      first_surname: first,
      second_surname: second,
      email,
      phone: this.phone(),
      is_company: 0,
      iban: demoIban(nif),
    };
    this.data.holders.push(holder);
    return holder;
  }

  company(entity: 'B' | 'H', name: string, email: string | null, provinceCode: string): DemoHolder {
    const nif = this.newCif(entity, provinceCode);
    const holder = {
      nif,
      name,
      first_surname: null,
      second_surname: null,
      email,
      phone: this.landline(provinceCode),
      is_company: 1,
      iban: demoIban(nif),
    };
    this.data.holders.push(holder);
    return holder;
  }

  newNif(): string {
    for (;;) {
      const number = this.random.digits(8);
      const nif = number + nifLetter(number);
      if (number[0] !== '0' && !this.usedNifs.has(nif)) return this.claimNif(nif);
    }
  }

  newCif(entity: 'B' | 'H', provinceCode: string): string {
    for (;;) {
      const digits = provinceCode + this.random.digits(5);
      const cif = entity + digits + cifControl(entity, digits);
      if (!this.usedNifs.has(cif)) return this.claimNif(cif);
    }
  }

  claimNif(nif: string): string {
    if (this.usedNifs.has(nif)) throw new Error(`NIF repetido en los datos de demostración: ${nif}`);
    this.usedNifs.add(nif);
    return nif;
  }

  supplyPoint(line: Line, city: City): DemoSupplyPoint {
    let cups: string;
    do {
      const digits =
        (line === 'Electricidad' ? city.electricityDistributor : city.gasDistributor) +
        this.random.digits(12);
      const suffix = line === 'Electricidad' && this.random.chance(0.5) ? '0F' : '';
      cups = `ES${digits}${cupsControl(digits)}${suffix}`;
    } while (this.usedCups.has(cups));
    this.usedCups.add(cups);
    const [low, high] = city.postalRange;
    const point: DemoSupplyPoint = {
      cups,
      line,
      street: this.random.pick(city.streets),
      number: String(this.random.int(1, 180)),
      extension: this.random.chance(0.7) ? this.random.pick(EXTENSIONS) : null,
      postal_code: String(this.random.int(low, high)).padStart(5, '0'),
      city: city.city,
      province: city.province,
    };
    this.data.supplyPoints.push(point);
    return point;
  }

  contract(holder: DemoHolder, plan: ContractPlan, city: City): DemoContract {
    const spec = (plan.line === 'Electricidad' ? ELECTRICITY : GAS)[plan.tariff];
    const point = this.supplyPoint(plan.line, city);
    const state = plan.state ?? 'Contrato';
    const start =
      state === 'En tramitación'
        ? this.random.date('2024-09-01', '2024-12-31')
        : this.random.date('2015-01-01', '2024-06-30');
    const startYear = Number(start.slice(0, 4));
    const end =
      state === 'Baja'
        ? this.random.date(`${startYear + 1}-01-01`, `${Math.min(startYear + 4, 2025)}-06-30`)
        : null;
    const [minKw, maxKw] = plan.kw ?? spec.kw;
    const power = Math.round((minKw + this.random.int(0, 1000) * ((maxKw - minKw) / 1000)) * 100) / 100;
    const powers = Array.from({ length: 6 }, (_, i) => (i < spec.periods ? power : null));
    const caudal = spec.caudal ? this.random.int(spec.caudal[0] * 10, spec.caudal[1] * 10) / 10 : null;
    this.nextContract += this.random.int(1, 97);
    const contract: DemoContract = {
      code: String(this.nextContract),
      sicom_code: `S${this.random.digits(9)}`,
      holderNif: holder.nif,
      cups: point.cups,
      line: plan.line,
      tariff: spec.tariff,
      access_fee: spec.fee,
      start_date: start,
      end_date: end,
      state,
      powers,
      caudal,
    };
    this.data.contracts.push(contract);
    return contract;
  }

  contracts(holder: DemoHolder, plans: ContractPlan[], cities: City[] = CITIES): void {
    for (const plan of plans) this.contract(holder, plan, this.random.pick(cities));
  }

  account(
    account: Omit<DemoAccount, 'realm' | 'password' | 'administratorNif'> & Partial<DemoAccount>,
  ): void {
    this.data.accounts.push({
      realm: 'cliente',
      password: CUSTOMER_PASSWORD,
      administratorNif: null,
      ...account,
    });
  }

  customer(username: string, holder: DemoHolder, description: string): void {
    this.account({
      username,
      email: holder.email ?? `${username}@cliente.example`,
      holderNif: holder.nif,
      telephone: holder.phone,
      given_name: holder.name,
      family_name: holder.first_surname ?? '',
      last_name: [holder.first_surname, holder.second_surname].filter(Boolean).join(' '),
      description,
    });
  }
}

const e = (tariff: string, state?: ContractState): ContractPlan => ({ line: 'Electricidad', tariff, state });
const g = (tariff: string, state?: ContractState): ContractPlan => ({ line: 'Gas', tariff, state });
/** A community's electricity supply: its tariff with a community's contracted power. */
const community = (tariff: string, state?: ContractState): ContractPlan => ({
  ...e(tariff, state),
  kw: COMMUNITY_KW[tariff],
});

/** The demo data set, built in memory from a fixed seed: identical on every run and every database. */
export function buildDemoData(seed = DEMO_SEED): DemoData {
  const b = new DemoBuilder(new Random(seed));

  const maria = b.person('María', 'García', 'López', 'maria.garcia@cliente.example');
  b.contracts(maria, [
    e('2.0A', 'Baja'),
    e('2.1A'),
    e('2.0DHA'),
    e('2.1DHA', 'Baja'),
    e('2.0DHS'),
    e('2.1DHS'),
    e('3.0A'),
    e('3.1A', 'Baja'),
    e('6.1A'),
    e('2.0TD'),
    e('3.0TD', 'En tramitación'),
    e('6.1TD'),
    g('RL.1'),
    g('RL.2'),
    g('RL.3'),
    g('RL.1', 'Baja'),
    g('RL.2'),
    g('RL.3'),
    g('RL.1'),
    g('RL.2', 'Baja'),
    g('RL.3'),
    g('RL.1'),
    g('RL.2'),
  ]);
  b.customer('demo', maria, 'Cliente con 12 contratos de luz y 11 de gas');

  const javier = b.person('Javier', 'Martínez', 'Ruiz', 'javier.martinez@cliente.example');
  // A home and a second home: a private customer's supplies are residential.
  b.contracts(javier, [e('2.0TD'), e('2.0TD'), g('RL.1')]);
  b.customer('demo2', javier, 'Otro cliente: 2 contratos de luz y 1 de gas');

  const lucia = b.person('Lucía', 'Fernández', 'Sánchez', 'lucia.fernandez@cliente.example');
  b.contracts(lucia, [g('RL.1'), g('RL.2')]);
  b.customer('gasonly', lucia, 'Cliente solo de gas (2 contratos)');

  const pablo = b.person('Pablo', 'Romero', 'Navarro', 'pablo.romero@cliente.example');
  b.customer('sinproductos', pablo, 'Cliente sin contratos');

  const [madrid, valencia, sevilla, zaragoza] = CITIES;
  const communities = [
    {
      city: madrid,
      street: 'Calle de Alcalá 214',
      plans: [community('2.0TD'), community('3.0TD'), g('RL.2')],
    },
    { city: valencia, street: 'Calle de Cuba 37', plans: [community('2.0TD'), g('RL.3')] },
    {
      city: sevilla,
      street: 'Calle Feria 88',
      plans: [community('3.0TD'), community('2.0TD', 'Baja'), g('RL.1'), g('RL.2')],
    },
    {
      city: zaragoza,
      street: 'Avenida de Madrid 151',
      plans: [community('3.0TD'), g('RL.3'), g('RL.3')],
    },
  ].map(({ city, street, plans }) => {
    const holder = b.company('H', `Comunidad de Propietarios ${street}`, null, city.provinceCode);
    b.contracts(holder, plans, [city]);
    return holder;
  });

  const administrator: DemoAdministrator = {
    nif: b.newCif('B', '28'),
    email: 'admin@fincas.example',
    name: 'Gestión de Fincas Castellana S.L.',
    clientNifs: communities.map((c) => c.nif),
  };
  b.data.administrators.push(administrator);
  b.account({
    realm: 'fincas',
    username: administrator.email,
    password: ADMINISTRATOR_PASSWORD,
    email: administrator.email,
    holderNif: null,
    administratorNif: administrator.nif,
    telephone: b.landline('28'),
    given_name: administrator.name,
    family_name: '',
    last_name: '',
    description: 'Administrador de fincas con 4 comunidades',
  });

  // Registered but without accounts, for the sign-up flows.
  const signup = b.person('Carmen', 'Ortega', 'Gil', 'alta@cliente.example', '12345678Z');
  signup.phone = '600123456';
  b.contracts(signup, [e('2.0TD'), g('RL.1')], [madrid]);
  b.data.administrators.push({
    nif: b.claimNif('B12345674'),
    email: 'alta@fincas.example',
    name: 'Administraciones Alta S.L.',
    clientNifs: [],
  });

  return b.data;
}
