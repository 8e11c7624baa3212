// task: connected_components
// aliases: number of connected components, connected components, components, how many components
// aliases: weakly connected components, islands, separate parts
// parameters: none
// directed: any
// weighted: any
// output: number
// complexity: O(V (V + E)) (a breadth-first search per node); exact when the graph has at most max_hops + 1 nodes
// description: the number of connected components (weakly connected in a directed graph), counted as the nodes with
// description: the smallest id in their component
// verified: tested
MATCH (a:{node_label})
WHERE NOT EXISTS { MATCH (a)-[:{edge_type}* SHORTEST 1..{max_hops}]-(b:{node_label}) WHERE b.id < a.id }
RETURN count(a) AS answer
