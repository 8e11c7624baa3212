// task: is_dag
// aliases: dag, directed acyclic graph, acyclic, is acyclic, no cycle, without cycles
// parameters: none
// directed: yes
// weighted: any
// output: yes/no
// complexity: O(E (V + E)) (a breadth-first search per edge)
// description: whether a directed graph has no directed cycle: no edge u->v with a path back from v to u
// verified: tested
OPTIONAL MATCH (u:{node_label})-[:{edge_type}]->(v:{node_label})
WHERE u = v OR EXISTS { MATCH p = shortestPath((v)-[:{edge_type}*]->(u)) WHERE u <> v }
RETURN count(u) = 0 AS answer
