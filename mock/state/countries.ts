import { getCountryData } from 'countries-list';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';

/** The countries every company sees (List countries is account-independent). */
export interface Country {
  id: number;
  name: string;
  country_code: string;
  iso3: string;
  calling_code: string;
}

/**
 * Every country with a calling code in libphonenumber's metadata (kept up to date with the ITU's
 * assignments), named in English by the runtime's CLDR data, with its ISO 3166-1 alpha-3 code from
 * countries-list. The vendor numbers countries by small integers in English alphabetical order (its
 * example lists Denmark as 61, as here); the mock does the same, so ids run from 1 to the number of
 * countries and the vendor example's `country_id` 201 is a country.
 */
function countries(): Country[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    .map(({ code, name }, index) => ({ id: index + 1, name, country_code: code, iso3: getCountryData(code).iso3, calling_code: getCountryCallingCode(code) }));
}

export const COUNTRIES: readonly Country[] = countries();

export const COUNTRY_IDS: ReadonlySet<number> = new Set(COUNTRIES.map((c) => c.id));
