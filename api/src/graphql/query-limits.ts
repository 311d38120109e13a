// Limits on what one GraphQL query may ask for, checked before it runs (mercurius' queryDepth covers nesting):
// aliases let one request repeat a field hundreds of times (`a1: emails(...) a2: emails(...)`), so a query may
// hold at most MAX_ALIASES of them and MAX_FIELDS fields in all, fragments counted wherever they are spread.
import { GraphQLError, Kind } from 'graphql';
import type { FragmentDefinitionNode, SelectionSetNode, ValidationRule } from 'graphql';

export const MAX_ALIASES = 20;
export const MAX_FIELDS = 200;

interface Cost {
  fields: number;
  aliases: number;
}

export const queryLimits: ValidationRule = (context) => {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  // Each fragment is costed once (so nesting spreads cannot make this exponential); a fragment cycle, which
  // graphql-js refuses in its own rule, counts as nothing here.
  const costs = new Map<string, Cost>();
  const fragmentCost = (name: string): Cost => {
    const known = costs.get(name);
    if (known) return known;
    costs.set(name, { fields: 0, aliases: 0 });
    const fragment = fragments.get(name);
    const cost = fragment ? costOf(fragment.selectionSet) : { fields: 0, aliases: 0 };
    costs.set(name, cost);
    return cost;
  };
  const costOf = (set: SelectionSetNode): Cost => {
    const total = { fields: 0, aliases: 0 };
    for (const selection of set.selections) {
      let inner: Cost = { fields: 0, aliases: 0 };
      if (selection.kind === Kind.FIELD) {
        total.fields += 1;
        if (selection.alias) total.aliases += 1;
        if (selection.selectionSet) inner = costOf(selection.selectionSet);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) inner = costOf(selection.selectionSet);
      else inner = fragmentCost(selection.name.value);
      total.fields += inner.fields;
      total.aliases += inner.aliases;
    }
    return total;
  };
  return {
    OperationDefinition(operation) {
      const cost = costOf(operation.selectionSet);
      if (cost.aliases > MAX_ALIASES) {
        context.reportError(
          new GraphQLError(`The query uses ${cost.aliases} aliases; at most ${MAX_ALIASES} are allowed.`, {
            nodes: [operation],
          }),
        );
      } else if (cost.fields > MAX_FIELDS) {
        context.reportError(
          new GraphQLError(`The query asks for ${cost.fields} fields; at most ${MAX_FIELDS} are allowed.`, {
            nodes: [operation],
          }),
        );
      }
    },
  };
};
