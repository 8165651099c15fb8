import { eventAnchor, flattenFields, type Doc } from "../_lib/openapi";
import { FieldTable } from "./field-table";

/**
 * Each named schema once, so operations can link to it instead of repeating its fields. A webhook event's body
 * (`eventBodies`: schema name → event type) links to the event's card, which already lists its fields.
 */
export function SchemasSection({ doc, eventBodies }: { doc: Doc; eventBodies?: Map<string, string> }) {
  const schemas = Object.entries(doc.components?.schemas ?? {});
  if (schemas.length === 0) return null;
  return (
    <section id="schemas" aria-labelledby="schemas-title" className="mt-16 scroll-mt-20">
      <h2 id="schemas-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        Schemas
      </h2>
      {schemas.map(([name, schema]) => {
        const description = "$ref" in schema ? undefined : schema.description;
        const event = eventBodies?.get(name);
        return (
          <section key={name} id={`schema-${name}`} className="scroll-mt-20 border-t border-slate-200 py-8">
            <h3 className="font-mono text-base font-semibold text-slate-900">{name}</h3>
            {description && <p className="mt-2 max-w-3xl text-sm text-slate-600">{description}</p>}
            {event ? (
              <p className="mt-2 text-sm text-slate-600">
                The body of the{" "}
                <a href={`#${eventAnchor(event)}`} className="font-mono text-brand-600 hover:underline">
                  {event}
                </a>{" "}
                webhook event; its fields are listed there.
              </p>
            ) : (
              <div className="mt-4">
                <FieldTable
                  rows={flattenFields(doc, schema).map((r) => ({ ...r, name: r.path }))}
                  caption={`Fields of ${name}`}
                />
              </div>
            )}
          </section>
        );
      })}
    </section>
  );
}
