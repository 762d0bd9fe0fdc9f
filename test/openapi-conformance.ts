import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Judges an answer by the OpenAPI document the app serves: its status is documented for the operation
 * (or the operation has a `default`), its content type is one documented for that status, its body is
 * valid against that content's schema (no body where none is documented), and every header documented
 * as required is there. Written against the document alone, so it judges routes added later just as well.
 */

type Schema = Record<string, unknown>;
interface Response {
  headers?: Record<string, { required?: boolean }>;
  content?: Record<string, { schema?: Schema }>;
}
export interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: unknown;
        responses?: Record<string, Response>;
      }
    >
  >;
  components?: { schemas?: Record<string, unknown> };
}
export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/**
 * An OpenAPI 3.0 schema as the JSON Schema ajv reads: 3.0 writes an exclusive bound as a boolean beside
 * `minimum`/`maximum` (draft 4), ajv wants the bound itself (draft 6 on). Nothing else differs here:
 * ajv knows `nullable`.
 */
function jsonSchemaOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(jsonSchemaOf);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, jsonSchemaOf(value)]),
  );
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[flag] === true) out[flag] = out[bound];
    if (out[flag] === false) delete out[flag];
    if (typeof out[flag] === 'number') delete out[bound];
  }
  return out;
}

/** `text/csv; charset=utf-8` → `text/csv`. */
const mediaTypeOf = (header: unknown) =>
  typeof header === 'string' ? header.split(';')[0]!.trim().toLowerCase() : undefined;

/** The documented media type (`image/*` and `*\/*` included) an answer's type falls under. */
function documentedType(content: Record<string, unknown>, type: string): string | undefined {
  const [major] = type.split('/');
  return [type, `${major}/*`, '*/*'].find((candidate) => candidate in content);
}

const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

/** The schema with every `#/components/schemas/…` reference replaced by what it names. */
function inlined(schema: unknown, components: Record<string, unknown>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlined(item, components));
  if (!schema || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: string }).$ref;
  if (ref?.startsWith('#/components/schemas/'))
    return inlined(components[ref.slice('#/components/schemas/'.length)], components);
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlined(value, components)]));
}

export function conformanceChecker(document: OpenApiDocument) {
  const components = document.components?.schemas ?? {};
  // strict off: OpenAPI keywords (`example`, `xml` …) are not JSON Schema; they do not constrain.
  const ajv = new Ajv({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  // Compiling is most of the cost, and most responses repeat a schema (ApiError): one compile per text.
  const byText = new Map<string, ValidateFunction>();
  const bySchema = new WeakMap<Schema, ValidateFunction>();
  const validatorOf = (schema: Schema) => {
    let validate = bySchema.get(schema);
    if (validate) return validate;
    const text = JSON.stringify(schema);
    validate = byText.get(text) ?? ajv.compile(jsonSchemaOf(inlined(schema, components)) as Schema);
    byText.set(text, validate);
    bySchema.set(schema, validate);
    return validate;
  };

  /** What is wrong with `answer` as an answer of `method path` (the document's path template), or null. */
  return function mismatch(method: string, path: string, answer: Answer): string | null {
    const operation = document.paths[path]?.[method.toLowerCase()];
    if (!operation) return `${method} ${path} is not in the document`;
    const responses = operation.responses ?? {};
    const response = responses[String(answer.statusCode)] ?? responses.default;
    if (!response)
      return `status ${answer.statusCode} is not documented (documented: ${Object.keys(responses).join(', ')})`;
    for (const [name, header] of Object.entries(response.headers ?? {}))
      if (header.required && answer.headers[name.toLowerCase()] === undefined)
        return `status ${answer.statusCode} without its ${name} header`;
    if (!response.content) {
      return answer.body === '' ? null : `status ${answer.statusCode} documents no body but has one`;
    }
    const type = mediaTypeOf(answer.headers['content-type']);
    const documented = type && documentedType(response.content, type);
    if (!documented)
      return `status ${answer.statusCode} as ${type ?? 'no content type'}; documented: ${Object.keys(response.content).join(', ')}`;
    const schema = response.content[documented]!.schema;
    if (!schema) return null;
    let body: unknown = answer.body;
    if (isJson(type)) {
      try {
        body = JSON.parse(answer.body);
      } catch {
        return `status ${answer.statusCode}: the body is not JSON`;
      }
    }
    const validate = validatorOf(schema);
    if (validate(body)) return null;
    const [first] = validate.errors ?? [];
    return `status ${answer.statusCode}: body${first?.instancePath ?? ''} ${first?.message ?? 'is not valid'}`;
  };
}
