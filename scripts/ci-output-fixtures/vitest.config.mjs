export default { test: { include: ['*.test.mjs'] } };
