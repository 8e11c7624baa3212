// task: cycle
// aliases: cycle detection, has cycle, contains a cycle, is there a cycle, cyclic, loop, acyclic, forest
// parameters: none
// directed: no
// weighted: any
// output: yes/no
// complexity: O(V (V + E)) (components by a pruning breadth-first search per node, then a count)
// description: whether an undirected graph contains a cycle: a forest has exactly nodes - components edges
// verified: tested
MATCH (a:{node_label})
OPTIONAL MATCH (a)-[:{edge_type}*]-(b:{node_label})
WITH DISTINCT a, b
WITH a, min(b.id) AS smallest
WHERE smallest IS NULL OR smallest >= a.id
WITH count(a) AS components
MATCH (n:{node_label})
WITH components, count(n) AS nodes
OPTIONAL MATCH (x:{node_label})-[e:{edge_type}]->(y:{node_label})
WITH components, nodes, count(e) AS edges
RETURN edges > nodes - components AS answer
