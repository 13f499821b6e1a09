import { newAlignmentText, readCells, applyCellEdit, documentPrefixes } from '@mediator/core/authoring';
import { describe, expect, it } from 'vitest';
import { filterCells, turtleProblem } from './cell-authoring.js';

const base = newAlignmentText({ name: 'a', version: '1' });
const text = [
  { entity1: 'var:x iiot:hasName var:n .', entity2: 'var:x iiot:hasLabel var:n .' },
  { entity1: 'var:y a iiot:Device .', entity2: 'var:y a iiot:Sensor .' },
].reduce((t, cell) => applyCellEdit(t, { kind: 'add', cell }), base);
const prefixes = documentPrefixes(text);

describe('cell search', () => {
  const cells = readCells(text);
  it('finds cells by IRI, prefixed name and text, every word', () => {
    expect(filterCells(cells, 'sripas:cell_2', prefixes).map((c) => c.index)).toEqual([1]);
    expect(filterCells(cells, 'http://www.inter-iot.eu/sripas#cell_1', prefixes).map((c) => c.index)).toEqual([0]);
    expect(filterCells(cells, 'SENSOR', prefixes).map((c) => c.index)).toEqual([1]);
    expect(filterCells(cells, 'hasname device', prefixes)).toEqual([]);
    expect(filterCells(cells, '  ', prefixes)).toHaveLength(2);
  });
});

describe('Turtle fields checked as typed', () => {
  it('accepts a pattern with the document prefixes and refuses an unknown prefix, with the field line', () => {
    expect(turtleProblem('var:x a iiot:Device .', prefixes)).toBeUndefined();
    const problem = turtleProblem('var:x a iiot:Device .\nvar:x nope:p var:y .', prefixes);
    expect(problem?.line).toBe(2);
    expect(problem?.message).toMatch(/nope/);
    expect(turtleProblem('var:x a', prefixes)?.message).toBeTruthy();
  });
});
