// task: max_triangle_weight
// aliases: triangle weight, maximum sum of the weights of three interconnected nodes, three interconnected nodes
// aliases: three nodes, triplet, maximum triangle, heaviest triangle
// parameters: none
// directed: any
// weighted: any
// output: number
// complexity: O(E * max degree)
// description: the largest sum of node weights over the triangles of the graph (0 when there is none); needs the node
// description: property weight
// verified: tested
OPTIONAL MATCH (a:{node_label})-[:{edge_type}]-(b:{node_label})-[:{edge_type}]-(c:{node_label})-[:{edge_type}]-(a)
WHERE a.id < b.id AND b.id < c.id
RETURN coalesce(max(a.weight + b.weight + c.weight), 0) AS answer
