/**
 * Texts as one PostgreSQL array literal, '{"a","b"}', bound as a single parameter and cast where the query uses it
 * (`= any(${pgArray(ids)}::text[])`): drizzle would spread a JS array into a list of parameters. Each element is
 * quoted, so a comma, a quote or a backslash in a value stays inside it.
 */
export const pgArray = (values: readonly string[]): string => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
