// task: cycle
// aliases: cycle detection, has cycle, contains a cycle, is there a cycle, directed cycle, cyclic, loop
// parameters: none
// directed: yes
// weighted: any
// output: yes/no
// complexity: O(E (V + E)) (a breadth-first search per edge); exact when the graph has at most max_hops + 1 nodes
// description: whether a directed graph contains a directed cycle: some edge u->v with a path back from v to u
// verified: tested
MATCH (u:{node_label})-[:{edge_type}]->(v:{node_label})
WHERE u.id = v.id OR EXISTS { MATCH (v)-[:{edge_type}* SHORTEST 1..{max_hops}]->(u) }
RETURN count(*) > 0 AS answer
