import { useMemo } from 'react';
import { COUNTRY_CODES, countryName } from '../../core/proceedings';

/** A country by its ISO 3166-1 alpha-2 code, listed by English name (decision 0042); '' is "not given". */
export function CountrySelect(props: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  className?: string;
  name?: string;
  disabled?: boolean;
}) {
  const options = useMemo(
    () => COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name, 'en')),
    [],
  );
  return (
    <select
      id={props.id}
      name={props.name}
      value={props.value}
      disabled={props.disabled}
      className={props.className}
      onChange={(e) => props.onChange(e.target.value)}
    >
      <option value="">Not given</option>
      {options.map((o) => (
        <option key={o.code} value={o.code}>
          {o.name}
        </option>
      ))}
    </select>
  );
}
