import { randomUUID } from 'node:crypto';

import { memberInputSchema, type MemberInput, type MemberInputRaw } from '@parish/shared';

import type { Rng } from './demo-random.ts';
import { addDays, parishInstant, parishTime, type ParishCalendar } from './demo-time.ts';

/** Parish numbers of demo members start with this; `demo.ts` uses it to refuse a second load. */
export const DEMO_PREFIX = 'SM';

/**
 * The documented demo member (`docs/domain.md`, §6 "Initial password" gives the initial password: first four
 * letters of the name and last four digits of the mobile, so "Thom2345").
 */
export const FIXED_MEMBER = {
  name: 'Thomas Mathew',
  mobile: '919847012345',
  parishNumber: `${DEMO_PREFIX}001`,
  initialPassword: 'Thom2345',
} as const;

/** A generated member: the validated form input plus what the payment plan needs to know. */
export interface DemoMember {
  id: string;
  /** 0-based; index 0 is {@link FIXED_MEMBER}. */
  index: number;
  input: MemberInput;
  createdAt: Date;
  isActive: boolean;
  /** When deactivated (moved away); null while active. */
  deactivatedAt: Date | null;
  /** Added to each head's pay rate: positive for prompt payers, negative for defaulters. */
  diligence: number;
  /** Pays through the portal (Worldline) rather than at the office, where the rules allow. */
  prefersOnline: boolean;
  /** Joined in 2026: no 2025 heads. */
  joinedRecently: boolean;
}

const MALE = words(
  'Thomas Mathew Kurian Chacko Varghese Joseph George Jacob Abraham Philip John Paul Sebastian ' +
    'Antony Jose Babu Biju Binu Shaji Saji Tomy Roy Sunny Jaison Jobin Jibin Benny Eldho Alex Shibu ' +
    'Reji Mathai Ouseph Itty Cherian Skaria Oommen Ninan Punnoose Korah Kuruvilla Eapen Idicula Lijo ' +
    'Linto Ebin Abin Albin Justin Jerin Jomon Shinto Rijo Siby Aby Boby Geo Kevin Noel Rony Sony ' +
    'Sajan Santhosh Manoj Anish',
);

const FEMALE = words(
  'Mariamma Aleyamma Annamma Susan Jincy Mercy Molly Elizabeth Sosamma Kunjamma Thresiamma Rosamma ' +
    'Saramma Achamma Leelamma Gracy Jessy Lissy Shiny Sherly Beena Bindu Jolly Daisy Ancy Anju Neethu ' +
    'Reshma Tintu Sini Jisha Divya Sneha Liya Rincy Annie Mary Rachel Ammini Omana Valsamma Lizy ' +
    'Salomi Tessy Nisha Merin Teena Sheeba Bincy Soumya',
);

/** Second names: the father's (or husband's) first name, as Kerala Christians usually write them. */
const FATHERS = words(
  'Thomas Mathew Kurian Chacko Varghese Joseph George Jacob Abraham Philip John Paul Cherian Skaria ' +
    'Oommen Ninan Punnoose Korah Kuruvilla Eapen Idicula Mathai Ouseph Itty Sebastian Antony Jose ' +
    'Zachariah Alexander Daniel Samuel Peter Simon Issac Andrews Baby',
);

const HOUSES = words(
  'Kalarickal Puthenpurackal Kizhakkethil Vadakkel Thekkumkattil Parayil Palathinkal Kottarathil ' +
    'Mannil Chirayil Kunnumpurath Valiyaveettil Mattathil Pulickal Edathil Kuzhikkattil Vettukattil ' +
    'Njarackal Plathottam Kochuparambil Panackal Karottu Thottathil Maliyil Poovathingal ' +
    'Kollamparambil Cheruvally Arackal Thaikkattil Vayalil Mukalel Ottaplackal Kaduthodil Pallathu ' +
    'Nedumpurath Chennattu Elavunkal Moozhiyil',
);

/** Home towns around the parish, with PIN codes; Kottayam town also has localities. */
const TOWNS = [
  ['Kottayam', '686001'],
  ['Kottayam', '686001'],
  ['Kottayam', '686001'],
  ['Pala', '686575'],
  ['Ettumanoor', '686631'],
  ['Changanassery', '686101'],
  ['Puthuppally', '686011'],
  ['Manarcad', '686019'],
  ['Pampady', '686502'],
  ['Kumarakom', '686563'],
  ['Kanjirappally', '686507'],
  ['Vaikom', '686141'],
] as const;
const LOCALITIES = [
  ['Thazhathangady', '686005'],
  ['Kanjikuzhy', '686004'],
  ['Nagampadam', '686001'],
  ['Kodimatha', '686013'],
  ['Chalukunnu', '686001'],
  ['Muttambalam', '686004'],
  ['Vadavathoor', '686010'],
  ['Devalokam', '686038'],
  ['Kumaranalloor', '686016'],
  ['Chungam', '686001'],
] as const;

type Region = 'local' | 'india' | 'gulf' | 'west' | 'none';

/** Where members live now, by region; repeats weight the choice. */
const LOCATIONS: Record<Exclude<Region, 'none'>, readonly string[]> = {
  local: places(
    'Kottayam, Kottayam, Kottayam, Kottayam, Pala, Ettumanoor, Changanassery, Puthuppally, Manarcad, Pampady, Kumarakom, Kanjirappally, Vaikom',
  ),
  india: places(
    'Kochi, Kochi, Thiruvananthapuram, Bengaluru, Bengaluru, Bengaluru, Chennai, Chennai, Mumbai, Delhi, Pune, Hyderabad',
  ),
  gulf: places('Dubai, Dubai, Dubai, Abu Dhabi, Abu Dhabi, Sharjah, Doha, Kuwait, Muscat, Riyadh, Manama'),
  west: places('London, Manchester, Dublin, Toronto, New York, Houston, Melbourne, Sydney, Auckland'),
};

/** Common Kerala mobile prefixes (first four of ten digits). */
const MOBILE_PREFIXES = words(
  '9447 9446 9495 9496 9846 9847 9895 9961 9995 9745 9048 9388 8547 8281 8086 8921 7034 7025 7907 ' +
    '7559 6238 6282 6235',
);

/** Splits a space-separated list (keeps the long name lists compact). */
function words(list: string): readonly string[] {
  return list.split(' ');
}

/** Splits a comma-separated list of place names. */
function places(list: string): readonly string[] {
  return list.split(', ');
}

const EMAIL_DOMAINS = ['gmail.com', 'gmail.com', 'gmail.com', 'yahoo.co.in', 'outlook.com', 'rediffmail.com'] as const;

/** How many members joined in 2026 (the highest parish numbers); how many have moved away. */
const RECENT_JOINERS = 15;
const DEACTIVATED = 3;

/**
 * Generates `count` members (the first is {@link FIXED_MEMBER}), each validated with
 * `memberInputSchema` from @parish/shared exactly as the member form would.
 * @param takenMobiles 12-digit mobiles of active members already in the database, to avoid.
 * @throws Error when a generated member fails validation, or the fixed member's mobile is taken.
 */
export function generateMembers(
  rng: Rng,
  calendar: ParishCalendar,
  count: number,
  takenMobiles: ReadonlySet<string>,
): DemoMember[] {
  if (takenMobiles.has(FIXED_MEMBER.mobile)) {
    throw new Error(`An active member already has the demo mobile ${FIXED_MEMBER.mobile}; the demo needs it.`);
  }
  const mobiles = new Set<string>([...takenMobiles, FIXED_MEMBER.mobile]);
  const names = new Set<string>([FIXED_MEMBER.name]);
  const emails = new Set<string>();
  const deactivated = new Set<number>();
  while (deactivated.size < DEACTIVATED) deactivated.add(rng.int(1, count - RECENT_JOINERS - 1));
  const importedAt = parishTime(calendar, '2024-06-15T10:30');
  const members: DemoMember[] = [];
  for (let index = 0; index < count; index += 1) {
    const joinedRecently = index >= count - RECENT_JOINERS;
    // The register was imported on one morning in 2024; the newest members joined through 2026.
    const joinedDay = addDays('2026-02-02', Math.floor(((index - (count - RECENT_JOINERS)) * 270) / RECENT_JOINERS));
    const createdAt = joinedRecently
      ? parishInstant(calendar, joinedDay, rng.int(600, 1020))
      : new Date(importedAt.getTime() + index * 1000);
    const raw = index === 0 ? fixedMemberRaw() : randomMemberRaw(rng, index, { mobiles, names, emails });
    const parsed = memberInputSchema.safeParse(raw);
    if (!parsed.success) {
      const reasons = parsed.error.issues.map((issue) => issue.message).join('; ');
      throw new Error(`Demo member ${raw.parishNumber} is invalid: ${reasons}`);
    }
    const isActive = !deactivated.has(index);
    const region = regionOf(parsed.data.currentLocation);
    const roll = rng.next();
    members.push({
      id: randomUUID(),
      index,
      input: parsed.data,
      createdAt: createdAt.getTime() > calendar.now.getTime() ? calendar.now : createdAt,
      isActive,
      deactivatedAt: isActive
        ? null
        : parishInstant(calendar, addDays('2026-03-02', rng.int(0, 150)), rng.int(600, 960)),
      diligence: index === 0 ? 0 : roll < 0.3 ? 0.15 : roll < 0.85 ? 0 : -0.45,
      prefersOnline:
        index === 0 || rng.chance(region === 'gulf' || region === 'west' ? 0.7 : region === 'india' ? 0.35 : 0.12),
      joinedRecently,
    });
  }
  return members;
}

function fixedMemberRaw(): MemberInputRaw {
  return {
    name: FIXED_MEMBER.name,
    mobile: FIXED_MEMBER.mobile,
    parishNumber: FIXED_MEMBER.parishNumber,
    alternateContact: '0481 257 1234',
    currentLocation: 'Kottayam',
    email: 'thomasmathew.ktm@gmail.com',
    address: 'Puthenpurackal House, Kanjikuzhy, Kottayam, Kerala 686004',
  };
}

function randomMemberRaw(
  rng: Rng,
  index: number,
  used: { mobiles: Set<string>; names: Set<string>; emails: Set<string> },
): MemberInputRaw {
  const house = rng.pick(HOUSES);
  let name = '';
  let first: string;
  let father: string;
  do {
    const female = rng.chance(0.48);
    first = female ? rng.pick(FEMALE) : rng.pick(MALE);
    father = rng.pick(FATHERS);
    if (father === first) continue;
    const style = rng.next();
    if (female) name = style < 0.85 ? `${first} ${father}` : `${first} ${father} ${house}`;
    else if (style < 0.55) name = `${first} ${father}`;
    else if (style < 0.75) name = `${first} ${father} ${house}`;
    else if (style < 0.92) name = `${house.charAt(0)}. ${father.charAt(0)}. ${first}`;
    else name = `${first} ${house}`;
    if (rng.chance(0.015)) name = `Dr. ${name}`;
  } while (!name || used.names.has(name));
  used.names.add(name);

  let mobile: string;
  do mobile = `${rng.pick(MOBILE_PREFIXES)}${rng.digits(6)}`;
  while (used.mobiles.has(`91${mobile}`));
  used.mobiles.add(`91${mobile}`);

  const region = pickRegion(rng);
  const location = region === 'none' ? '' : rng.pick(LOCATIONS[region]);
  const hometown = region === 'local' && TOWNS.some(([town]) => town === location) ? location : rng.pick(TOWNS)[0];
  return {
    name,
    mobile,
    parishNumber: `${DEMO_PREFIX}${String(index + 1).padStart(3, '0')}`,
    alternateContact: alternateContact(rng, region, location),
    currentLocation: location,
    email: rng.chance(0.42) ? uniqueEmail(rng, used.emails, first, father, house) : '',
    address: rng.chance(0.85) ? homeAddress(rng, house, hometown) : '',
  };
}

function pickRegion(rng: Rng): Region {
  const roll = rng.next();
  if (roll < 0.55) return 'local';
  if (roll < 0.72) return 'india';
  if (roll < 0.9) return 'gulf';
  if (roll < 0.96) return 'west';
  return 'none';
}

function regionOf(location: string | undefined): Region {
  if (!location) return 'none';
  for (const region of ['local', 'india', 'gulf', 'west'] as const) {
    if (LOCATIONS[region].includes(location)) return region;
  }
  return 'none';
}

/** A second number: a local number abroad, a landline at home (at most 20 characters). */
function alternateContact(rng: Rng, region: Region, location: string): string {
  const d = (count: number) => rng.digits(count);
  if (region === 'gulf' && rng.chance(0.8)) {
    if (location === 'Doha') return `+974 ${rng.pick(['3', '5', '6', '7'])}${d(3)} ${d(4)}`;
    if (location === 'Kuwait') return `+965 ${rng.pick(['5', '6', '9'])}${d(3)} ${d(4)}`;
    if (location === 'Muscat') return `+968 9${d(3)} ${d(4)}`;
    if (location === 'Riyadh') return `+966 5${d(1)} ${d(3)} ${d(4)}`;
    if (location === 'Manama') return `+973 3${d(3)} ${d(4)}`;
    return `+971 5${rng.pick(['0', '2', '5', '6'])} ${d(3)} ${d(4)}`;
  }
  if (region === 'west' && rng.chance(0.8)) {
    if (location === 'London' || location === 'Manchester') return `+44 7${d(3)} ${d(6)}`;
    if (location === 'Dublin') return `+353 8${d(1)} ${d(3)} ${d(4)}`;
    if (location === 'Melbourne' || location === 'Sydney') return `+61 4${d(2)} ${d(3)} ${d(3)}`;
    if (location === 'Auckland') return `+64 2${d(1)} ${d(3)} ${d(4)}`;
    // North American 555-01xx numbers are reserved for fiction.
    const area = location === 'Toronto' ? '416' : location === 'Houston' ? '713' : '212';
    return `+1 ${area} 555 01${d(2)}`;
  }
  if (region === 'local' && rng.chance(0.35)) return `0481 2${d(2)} ${d(4)}`;
  if (region === 'india' && rng.chance(0.2)) return `${rng.pick(['94470', '98950', '70340'])} ${d(5)}`;
  return '';
}

function uniqueEmail(rng: Rng, used: Set<string>, first: string, father: string, house: string): string {
  const f = first.toLowerCase();
  const p = father.toLowerCase();
  const h = house.toLowerCase();
  const local = rng.pick([
    `${f}.${p}`,
    `${f}${p}${rng.int(10, 99)}`,
    `${f}.${h}`,
    `${f}${rng.int(70, 99)}`,
    `${f.charAt(0)}${p}`,
  ]);
  let email = `${local}@${rng.pick(EMAIL_DOMAINS)}`;
  while (used.has(email)) email = `${local}${rng.int(1, 9)}@${rng.pick(EMAIL_DOMAINS)}`;
  used.add(email);
  return email;
}

function homeAddress(rng: Rng, house: string, town: string): string {
  if (town === 'Kottayam') {
    const [locality, pin] = rng.pick(LOCALITIES);
    return `${house} House, ${locality}, Kottayam, Kerala ${pin}`;
  }
  const pin = TOWNS.find(([name]) => name === town)?.[1] ?? '686001';
  return `${house} House, ${town}, Kottayam District, Kerala ${pin}`;
}
