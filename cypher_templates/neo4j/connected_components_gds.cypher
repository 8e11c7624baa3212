// task: connected_components
// aliases: number of connected components, connected components, components, how many components
// aliases: weakly connected components, islands, separate parts
// parameters: none
// directed: any
// weighted: any
// output: number
// complexity: O(V + E) (GDS weakly connected components on an in-memory projection)
// description: the number of connected components (weakly connected in a directed graph)
// requires: gds
// verified: tested
CALL gds.wcc.stats('{node_label}')
YIELD componentCount
RETURN componentCount AS answer
