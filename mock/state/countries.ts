/** The countries every company sees (List countries is account-independent). */
export interface Country {
  id: number;
  name: string;
  country_code: string;
  iso3: string;
  calling_code: string;
}

export const COUNTRIES: readonly Country[] = [
  { id: 14, name: 'Austria', country_code: 'AT', iso3: 'AUT', calling_code: '43' },
  { id: 21, name: 'Belgium', country_code: 'BE', iso3: 'BEL', calling_code: '32' },
  { id: 38, name: 'Canada', country_code: 'CA', iso3: 'CAN', calling_code: '1' },
  { id: 56, name: 'Czech Republic', country_code: 'CZ', iso3: 'CZE', calling_code: '420' },
  { id: 61, name: 'Denmark', country_code: 'DK', iso3: 'DNK', calling_code: '45' },
  { id: 73, name: 'France', country_code: 'FR', iso3: 'FRA', calling_code: '33' },
  { id: 80, name: 'Germany', country_code: 'DE', iso3: 'DEU', calling_code: '49' },
  { id: 105, name: 'Ireland', country_code: 'IE', iso3: 'IRL', calling_code: '353' },
  { id: 108, name: 'Italy', country_code: 'IT', iso3: 'ITA', calling_code: '39' },
  { id: 150, name: 'Netherlands', country_code: 'NL', iso3: 'NLD', calling_code: '31' },
  { id: 172, name: 'Poland', country_code: 'PL', iso3: 'POL', calling_code: '48' },
  { id: 173, name: 'Portugal', country_code: 'PT', iso3: 'PRT', calling_code: '351' },
  { id: 198, name: 'Slovakia', country_code: 'SK', iso3: 'SVK', calling_code: '421' },
  { id: 203, name: 'Spain', country_code: 'ES', iso3: 'ESP', calling_code: '34' },
  { id: 235, name: 'United Kingdom', country_code: 'GB', iso3: 'GBR', calling_code: '44' },
  { id: 236, name: 'United States', country_code: 'US', iso3: 'USA', calling_code: '1' },
];

export const COUNTRY_IDS: ReadonlySet<number> = new Set(COUNTRIES.map((c) => c.id));
