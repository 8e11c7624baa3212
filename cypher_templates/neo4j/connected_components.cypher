// task: connected_components
// aliases: number of connected components, connected components, components, how many components
// aliases: weakly connected components, islands, separate parts
// parameters: none
// directed: any
// weighted: any
// output: number
// complexity: O(V (V + E)) (WITH DISTINCT a, b makes Neo4j plan a pruning breadth-first search per node)
// description: the number of connected components (weakly connected in a directed graph), counted as the nodes with
// description: the smallest id in their component
// verified: tested
MATCH (a:{node_label})
OPTIONAL MATCH (a)-[:{edge_type}*]-(b:{node_label})
WITH DISTINCT a, b
WITH a, min(b.id) AS smallest
WHERE smallest IS NULL OR smallest >= a.id
RETURN count(a) AS answer
