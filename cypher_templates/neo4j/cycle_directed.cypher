// task: cycle
// aliases: cycle detection, has cycle, contains a cycle, is there a cycle, directed cycle, cyclic, loop
// parameters: none
// directed: yes
// weighted: any
// output: yes/no
// complexity: O(E (V + E)) (a breadth-first search per edge)
// description: whether a directed graph contains a directed cycle: a self-loop, or some edge u->v with a path back
// description: from v to u
// verified: tested
OPTIONAL MATCH (u:{node_label})-[:{edge_type}]->(v:{node_label})
WHERE u <> v
OPTIONAL MATCH p = shortestPath((v)-[:{edge_type}*]->(u))
WITH count(p) AS back
OPTIONAL MATCH (w:{node_label})-[:{edge_type}]->(w)
WITH back, count(w) AS loops
RETURN back + loops > 0 AS answer
