gamenightSearch([
[3,"nights/2025-12-12.html","Friday, 12 December 2025","2 games","2025-12-12"],
[4,"games/2025-12-12-catan.html","Catan, where it started","2025-12-12 · Catan · Elisha","2025-12-12 Catan Elisha Marta Andre"],
[4,"games/2025-12-12-bowling.html","Bowling, the first league night","2025-12-12 · Bowling · Marta","2025-12-12 Bowling Marta Elisha Andre"]
]);
