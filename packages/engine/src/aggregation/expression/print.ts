import type { BinaryOperator, ExpressionNode } from './ast';

const PRECEDENCE: Readonly<Record<BinaryOperator, number>> = { '+': 1, '-': 1, '*': 2, '/': 2 };

/**
 * Prints a syntax tree as expression text that parses back to the same tree: canonical
 * lower-case function names, one space around operators, and only the parentheses the
 * precedence rules need (`*` `/` over `+` `-`, left-associative; a negated operator or a
 * negated negation is parenthesised, since the grammar allows one unary minus per operand).
 * A string literal is printed between single quotes as is: the language has no escape, so a
 * string containing `'` (which no parsed tree holds) does not print back. Give it a tree that
 * `parseExpression` or `compileExpression` produced or accepted (at most
 * `MAX_EXPRESSION_DEPTH` levels).
 *
 * @example
 * printExpression(parseExpression('ROUND( (1+2) *event.properties.a,2 )').right.ast)
 * // 'round((1 + 2) * event.properties.a, 2)'
 */
export function printExpression(node: ExpressionNode): string {
  switch (node.kind) {
    case 'number':
      return node.text;
    case 'string':
      return `'${node.value}'`;
    case 'property':
      return `event.properties.${node.name}`;
    case 'timestamp':
      return 'event.timestamp';
    case 'code':
      return 'event.code';
    case 'negate': {
      const operand = printExpression(node.operand);
      const wrap = node.operand.kind === 'binary' || node.operand.kind === 'negate';
      return wrap ? `-(${operand})` : `-${operand}`;
    }
    case 'binary': {
      const precedence = PRECEDENCE[node.operator];
      const leftText = printExpression(node.left);
      const rightText = printExpression(node.right);
      const wrapLeft = node.left.kind === 'binary' && PRECEDENCE[node.left.operator] < precedence;
      const wrapRight =
        node.right.kind === 'binary' && PRECEDENCE[node.right.operator] <= precedence;
      return `${wrapLeft ? `(${leftText})` : leftText} ${node.operator} ${wrapRight ? `(${rightText})` : rightText}`;
    }
    case 'call':
      return `${node.name}(${node.args.map(printExpression).join(', ')})`;
  }
}
