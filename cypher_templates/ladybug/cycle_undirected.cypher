// task: cycle
// aliases: cycle detection, has cycle, contains a cycle, is there a cycle, cyclic, loop, acyclic, forest
// parameters: none
// directed: no
// weighted: any
// output: yes/no
// complexity: O(V (V + E)); exact when the graph has at most max_hops + 1 nodes
// description: whether an undirected graph contains a cycle: a forest has exactly nodes - components edges
// verified: tested
MATCH (a:{node_label})
WHERE NOT EXISTS { MATCH (a)-[:{edge_type}* SHORTEST 1..{max_hops}]-(b:{node_label}) WHERE b.id < a.id }
WITH count(a) AS components
MATCH (n:{node_label})
WITH components, count(n) AS nodes
OPTIONAL MATCH (x:{node_label})-[e:{edge_type}]->(y:{node_label})
WITH components, nodes, count(e) AS edges
RETURN edges > nodes - components AS answer
