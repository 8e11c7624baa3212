// task: neighbour_aggregate
// aliases: average, total, minimum, maximum, median, range or distinct values over related nodes
// parameters: entity, aggregate
// identifiers: entity_label, entity_key, rel_type, on, property
// directions: direction
// directed: any
// weighted: any
// output: number
// complexity: O(degree)
// description: an aggregate of a property over the relationships (or nodes) linked to the named node
// verified: tested
MATCH (a:{:entity_label})
WHERE a.{:entity_key} = $entity
MATCH (a){<direction}-[r:{:rel_type}]-{>direction}(b)
WITH {:on}.{:property} AS v
WITH avg(v) AS av, sum(v) AS su, min(v) AS lo, max(v) AS hi, percentileCont(v, 0.5) AS md,
  count(DISTINCT v) AS dv
RETURN CASE $aggregate WHEN 'avg' THEN av WHEN 'sum' THEN 1.0 * su WHEN 'min' THEN 1.0 * lo
  WHEN 'median' THEN md WHEN 'range' THEN 1.0 * (hi - lo) WHEN 'distinct' THEN 1.0 * dv
  ELSE 1.0 * hi END AS answer
